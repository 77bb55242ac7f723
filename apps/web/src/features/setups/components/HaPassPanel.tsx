import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { fetchDatalogWindow } from '@robonomics-dapp/robonomics/chain/queries/datalog-window';
import { datalogRecordTx } from '@robonomics-dapp/robonomics/chain/tx/datalog-record';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import {
  buildHaPassRecord,
  latestHaPassword,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { useId, useState } from 'react';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { UserSignIn } from '../../../components/UserSignIn.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { readyClient, sendAction } from '../../../lib/actions/send-action.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';

/**
 * The password a user logs in to Home Assistant with: box-encrypted by the user's key to the
 * controller and to the user, written as a datalog record through the owner's subscription.
 */
/** A user's own copy of their password, read back from their datalog. */
function ShowPassword({
  owner,
  controller,
  user,
  pair,
}: {
  owner: string;
  controller: string;
  user: string;
  pair: KeyPair;
}) {
  const id = useId();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'shown'; password: string }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  const show = async () => {
    setState({ kind: 'busy' });
    try {
      const records = await fetchDatalogWindow(readyClient(), user);
      const password = latestHaPassword(records, owner, controller, pair);
      setState(
        password === null
          ? {
              kind: 'error',
              message:
                'No Home Assistant password of yours for this controller is in your datalog. Save one above.',
            }
          : { kind: 'shown', password },
      );
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };

  return (
    <div className="stack-s">
      {state.kind === 'shown' ? (
        <>
          <dl className="facts small" aria-labelledby={`${id}-login`}>
            <dt id={`${id}-login`}>Username</dt>
            <dd data-testid="ha-username">{user.toLowerCase()}</dd>
            <dt>Password</dt>
            <dd data-testid="ha-password">{state.password}</dd>
          </dl>
          <button type="button" className="button" onClick={() => setState({ kind: 'idle' })}>
            Hide my Home Assistant password
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void show()}
          disabled={state.kind === 'busy'}
          aria-busy={state.kind === 'busy'}
        >
          {state.kind === 'busy' && <span className="spinner" aria-hidden="true" />}
          Show my Home Assistant password
        </button>
      )}
      {state.kind === 'error' && (
        <p className="error small" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

export function HaPassPanel({
  setup,
  devices,
  active,
}: {
  setup: SavedSetup;
  devices: string[];
  active: boolean;
}) {
  const id = useId();
  const _client = useChain((s) => s.client);
  const { user, pair } = useUserKey();
  const [password, setPassword] = useState('');
  const tx = useTx('The saving process has been canceled.');
  const controller = setup.controller?.address;

  const onSave = () =>
    tx.run(async (signed) => {
      if (!active) throw new Error('Please, renew your subscription first');
      if (!password) throw new Error('Password can not be empty');
      if (!controller) throw new Error('Set the controller of this setup first.');
      if (!user || !pair) throw new Error('Please, enter user address & pass phrase');
      if (!includesAddress(devices, user)) throw new Error('User not found in subscription');
      const record = buildHaPassRecord({
        subscription: setup.owner,
        user: pair,
        controller,
        password,
      });
      await sendAction({
        call: (c) => datalogRecordTx(c, record),
        signer: toKeyringPair(pair),
        payer: setup.owner,
        payerDevices: devices,
        onSigned: signed,
        purpose: 'record',
        what: 'Home Assistant password record',
      });
      setPassword('');
      return 'The password is saved. Home Assistant picks it up with the next record it reads.';
    });

  return (
    <section className="stack-s" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Home assistant</h3>
      <p className="small">
        To log in to the Home Assistant application via browser locally (in the same network where
        your smart devices work) create or reset the password for your user. Make sure this user has
        been added to the RWS subscription.{' '}
        <a
          href="https://www.home-assistant.io/getting-started/onboarding/"
          target="_blank"
          rel="noreferrer"
        >
          More info
        </a>
      </p>
      {devices.length === 0 ? (
        <p className="small">Add users to the subscription first</p>
      ) : (
        <>
          <UserSignIn users={devices} />
          {pair && (
            <form
              className="stack-s"
              aria-label="Home Assistant password"
              onSubmit={(e) => {
                e.preventDefault();
                void onSave();
              }}
            >
              {/* Home Assistant's user name is the user's address in lower case. */}
              <PasswordField
                id={`${id}-password`}
                account={user?.toLowerCase() ?? ''}
                label="New password"
                value={password}
                onChange={setPassword}
                fresh
              />
              <TxButton
                status={tx.status}
                outcome={tx.outcome}
                onClick={() => void onSave()}
                submit
                labels={{ idle: 'Save', working: 'Saving', done: 'Saved', failed: 'Not saved' }}
              />
            </form>
          )}
          {pair && user && controller && (
            <ShowPassword
              key={user}
              owner={setup.owner}
              controller={controller}
              user={user}
              pair={pair}
            />
          )}
        </>
      )}
    </section>
  );
}
