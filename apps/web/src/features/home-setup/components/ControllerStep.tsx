import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { generateMnemonic, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { encodeKeystore } from '@robonomics-dapp/robonomics/crypto/keystore';
import {
  PASSWORD_RULE_TEXT,
  passwordWeakness,
} from '@robonomics-dapp/robonomics/crypto/password-strength';
import { type FormEvent, useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { KeyKeepingNote } from '../../../components/KeyKeepingNote.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { keepingRefusal, keyKeepingCheck } from '../../../lib/user-key/key-keeping-check.ts';
import { useKeyKeeping } from '../../../lib/user-key/use-key-keeping.ts';
import { createBrowserUser } from '../browser-user.ts';
import { useGuideSecrets } from '../guide-secrets.ts';
import { usersAmong } from '../guide-steps.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function ControllerSummary({ guide }: { guide: Guide }) {
  const controller = guide.setup?.controller;
  const phrase = useGuideSecrets((s) => s.controllerPhrase);
  const notKept = useGuideSecrets((s) => s.controllerNotKept);
  if (!controller) return <>No controller yet.</>;
  return (
    <>
      Controller: <Address address={controller.address} />
      {controller.keystore
        ? ' · its encrypted key is kept in this setup'
        : ' · its key is not kept in this browser'}
      {phrase && (
        <span className="notice-warn block" data-testid="controller-phrase">
          The controller's secret phrase, shown only in this visit (keep it offline; the setup file
          opens with the password): <span className="mono break">{phrase}</span>
        </span>
      )}
      {notKept && !controller.keystore && (
        <span className="notice-warn block" data-testid="controller-key-not-kept">
          {notKept}
        </span>
      )}
    </>
  );
}

/**
 * Step 3: Home Assistant's controller account, made here as an ed25519 key sealed with a password
 * (kept in the setup, so the setup file carries it), or an address the owner already has, or one
 * of the subscription's devices when this browser does not know which one it is.
 */
export function ControllerStep({ guide }: { guide: Guide }) {
  const id = useId();
  const updateSetup = useSavedSetups((s) => s.updateSetup);
  const remember = useGuideSecrets((s) => s.set);
  const [password, setPassword] = useState('');
  const [existing, setExisting] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keeping = useKeyKeeping();
  const { setup } = guide;
  const owner = guide.facts.owner;
  if (!setup || !owner) {
    return <p className="small muted">The controller comes once the subscription is active.</p>;
  }
  const candidates = usersAmong(guide.facts.devices ?? [], owner, null);

  const save = (controller: { address: string; keystore?: string }) =>
    updateSetup(setup.owner, setup.network, { controller });

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const weakness = password ? passwordWeakness(password) : 'Create password and store it savely';
    if (weakness) {
      setError(weakness);
      return;
    }
    setError(null);
    setBusy(true);
    // The keystore is kept in the setup only once this visit found that keys may be kept here.
    const refusal = keepingRefusal(await keyKeepingCheck.answered());
    // Let the page paint "Creating…" before the key derivation holds the main thread.
    setTimeout(() => {
      try {
        const mnemonic = generateMnemonic();
        const keystore = encodeKeystore(pairFromUri(mnemonic, 'ed25519'), password, {
          name: `${setup.name} controller`,
        });
        const text = JSON.stringify(keystore);
        // Where keys are not kept, the downloaded keystore is the only copy.
        if (refusal) downloadFile(`Controller-${keystore.address}.json`, text);
        save({ address: keystore.address, ...(refusal ? {} : { keystore: text }) });
        remember({
          controllerPassword: password,
          controllerPhrase: mnemonic,
          controllerNotKept: refusal
            ? `The controller's key was not kept in this browser: ${refusal} Its keystore file was downloaded instead; keep it, Home Assistant needs it with the password.`
            : null,
        });
        setPassword('');
        // A home needs a user: with none yet, this browser gets its key in the same go.
        const owner = guide.facts.owner;
        const hasUsers =
          guide.facts.users.length > 0 ||
          (owner !== null && usersAmong(guide.facts.devices ?? [], owner, null).length > 0);
        if (!hasUsers)
          void createBrowserUser(setup, false).then((failed) => failed && setError(failed));
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    }, 0);
  };

  const onExisting = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidAddress(existing)) {
      setError('Please, enter valid address for an account.');
      return;
    }
    if (addressEq(existing, owner)) {
      setError("The controller needs an account of its own: not the owner's.");
      return;
    }
    setError(null);
    save({ address: toRobonomicsAddress(existing) });
  };

  return (
    <div className="stack-s">
      <p className="small">
        Home Assistant acts for the home with an account of its own, the controller. Make one here:
        its key is sealed with a password you choose and goes into the setup file Home Assistant
        imports. A setup without users also gets a user key for this browser.
      </p>
      <form
        className="stack-s"
        aria-label="Create the controller"
        onSubmit={(event) => void onCreate(event)}
      >
        <PasswordField
          id={`${id}-password`}
          account={`${setup.name} controller`}
          label="A password for the controller's key"
          value={password}
          onChange={setPassword}
          fresh
          rule={`${PASSWORD_RULE_TEXT} Home Assistant asks for it when it imports the file.`}
        />
        <KeyKeepingNote answer={keeping} instead="The keystore file is downloaded instead." />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create the controller'}
        </button>
      </form>
      <details className="stack-s">
        <summary className="small">Use a controller you already have</summary>
        {candidates.length > 0 && (
          <div className="stack-s">
            <p className="small">One of this subscription's devices:</p>
            <ul className="plain-list stack-s">
              {candidates.map((address) => (
                <li key={address} className="row">
                  <Address address={address} />
                  <button
                    type="button"
                    className="button"
                    onClick={() => save({ address })}
                    aria-label={`${address} is the controller`}
                  >
                    This is the controller
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <form className="stack-s" aria-label="An existing controller" onSubmit={onExisting}>
          <label htmlFor={`${id}-existing`}>Controller address</label>
          <input
            id={`${id}-existing`}
            className="input mono"
            value={existing}
            onChange={(e) => setExisting(e.target.value)}
          />
          <button type="submit" className="button" disabled={existing.trim() === ''}>
            Use this address
          </button>
        </form>
        <p className="small muted">
          The setup file then holds no controller key: Home Assistant asks for it by hand.
        </p>
      </details>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
