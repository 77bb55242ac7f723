import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { type FormEvent, useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { SecretPhraseInput } from '../../../components/SecretPhraseInput.tsx';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { activeSetupOf, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { parseKey } from '../parse-key.ts';
import { useCrust } from '../use-crust.ts';
import { UnlockedWorkshop } from './UnlockedWorkshop.tsx';

/**
 * /save-setup: a developer workshop around one device key. The subscription owner and the
 * account seed come first; the key stays in this component's memory only and is dropped on
 * "Lock" or when the page is left.
 */
export default function SaveSetupWorkshop() {
  const id = useId();
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const activeOwner = activeSetupOf(useSavedSetups(), network)?.owner ?? '';
  // Untouched, the field follows the active setup; once edited it keeps what the user typed.
  const [typedOwner, setTypedOwner] = useState<string | null>(null);
  const owner = typedOwner ?? activeOwner;
  const [seed, setSeed] = useState('');
  const [pair, setPair] = useState<KeyPair | null>(null);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const crust = useCrust();

  const ownerValid = isValidAddress(owner);
  const ownerAddress = ownerValid ? toRobonomicsAddress(owner) : null;
  const address = pair ? toKeyringPair(pair).address : null;

  const onUnlock = (event: FormEvent) => {
    event.preventDefault();
    try {
      setPair(parseKey(seed));
      setUnlockError(null);
      // Only the key is kept, not the text it came from.
      setSeed('');
    } catch (error) {
      setUnlockError(error instanceof Error ? error.message : 'This is not an account seed.');
    }
  };

  return (
    <div className="stack">
      <section className="card stack-s" aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`}>Account</h2>
        <label htmlFor={`${id}-owner`}>Subscription owner</label>
        <input
          id={`${id}-owner`}
          className="input mono"
          value={owner}
          onChange={(e) => setTypedOwner(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={owner.trim() !== '' && !ownerValid}
          aria-describedby={`${id}-owner-note`}
        />
        <p id={`${id}-owner-note`} className="small">
          {owner.trim() === '' ? (
            <span className="notice-warn">
              Not found parachain account: enter the address of the subscription owner.
            </span>
          ) : !ownerValid ? (
            <span className="error">This is not a valid account address.</span>
          ) : (
            <span className="muted">
              Twin calls and uploads are made for the subscription of {ownerAddress}.
            </span>
          )}
        </p>

        {pair && address ? (
          <div className="row">
            <span className="small">
              Unlocked (ed25519): <Address address={address} />
            </span>
            <button type="button" className="button" onClick={() => setPair(null)}>
              Lock
            </button>
          </div>
        ) : (
          <form className="stack-s" onSubmit={onUnlock} aria-label="Unlock">
            <label htmlFor={`${id}-seed`}>Account seed</label>
            <SecretPhraseInput
              id={`${id}-seed`}
              className="mono"
              value={seed}
              onChange={setSeed}
              placeholder="Secret phrase, //Dev URI or 0x seed"
              aria-invalid={unlockError !== null}
              aria-describedby={`${id}-seed-note`}
            />
            <p id={`${id}-seed-note`} className="small muted">
              An ed25519 key, kept in this page's memory only: it is gone on Lock or when you leave
              the page.
            </p>
            {unlockError && (
              <p className="error small" role="alert">
                {unlockError}
              </p>
            )}
            <div>
              <button type="submit" className="button primary" disabled={!seed.trim()}>
                unlock
              </button>
            </div>
          </form>
        )}
      </section>

      {pair && address ? (
        // Keyed by the account: another key starts with an empty workshop.
        <UnlockedWorkshop
          key={address}
          pair={pair}
          address={address}
          ownerAddress={ownerAddress}
          crust={crust}
        />
      ) : (
        <p className="muted">Not found account: unlock an account seed to work with its twins.</p>
      )}
    </div>
  );
}
