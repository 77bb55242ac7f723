import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { type FormEvent, useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { KeyKeepingNote } from '../../../components/KeyKeepingNote.tsx';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useKeyKeeping } from '../../../lib/user-key/use-key-keeping.ts';
import { createBrowserUser } from '../browser-user.ts';
import { useGuideSecrets } from '../guide-secrets.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function UsersSummary({ guide }: { guide: Guide }) {
  const labels = guide.setup?.users ?? [];
  const shown = useGuideSecrets((s) => s.userPhrase);
  if (guide.facts.users.length === 0) return <>No user yet.</>;
  return (
    <>
      <ul className="plain-list">
        {guide.facts.users.map((user) => (
          <li key={user}>
            <Address address={user} /> {labels.find((u) => addressEq(u.address, user))?.label ?? ''}
          </li>
        ))}
      </ul>
      {shown && (
        <span className="notice-warn block" data-testid="user-phrase">
          The secret phrase of {shown.address}, shown only in this visit (it signs you in on another
          device): <span className="mono break">{shown.phrase}</span>
        </span>
      )}
    </>
  );
}

/**
 * Step 4: the accounts that control the home (ed25519 keys: they open the home's envelopes and
 * sign its commands). The quickest is a key made for this browser, signed in at once.
 */
export function UsersStep({ guide }: { guide: Guide }) {
  const id = useId();
  const updateSetup = useSavedSetups((s) => s.updateSetup);
  const keeping = useKeyKeeping();
  const [keep, setKeep] = useState(false);
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { setup } = guide;
  const owner = guide.facts.owner;
  if (!setup || !owner) return null;
  const users = setup.users ?? [];

  const addUser = (user: string, userLabel: string) =>
    updateSetup(setup.owner, setup.network, {
      users: [
        ...users.filter((u) => !addressEq(u.address, user)),
        { address: user, label: userLabel },
      ],
    });

  const onCreate = async () =>
    setError(await createBrowserUser(setup, keep && keeping.state === 'allowed'));

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidAddress(address)) {
      setError('Please, enter valid address for an account.');
      return;
    }
    const user = toRobonomicsAddress(address);
    if (addressEq(user, owner) || (setup.controller && addressEq(user, setup.controller.address))) {
      setError('The owner and the controller are already in the list: add another account.');
      return;
    }
    setError(null);
    addUser(user, label.trim().slice(0, 100));
    setAddress('');
    setLabel('');
  };

  return (
    <div className="stack-s">
      <p className="small">
        Users are the accounts that control the home. A key made for this browser signs you in at
        once; its secret phrase signs you in on another device.
      </p>
      {(keeping.state === 'allowed' || keeping.state === 'checking') && (
        <label className="row small">
          <input
            type="checkbox"
            checked={keep && keeping.state === 'allowed'}
            disabled={keeping.state !== 'allowed'}
            onChange={(e) => setKeep(e.target.checked)}
          />
          Keep me signed in on this device (only for trusted devices)
        </label>
      )}
      <KeyKeepingNote answer={keeping} />
      <button type="button" className="button primary" onClick={() => void onCreate()}>
        Create a user key for this browser
      </button>
      <details className="stack-s">
        <summary className="small">Add an account that already exists</summary>
        <form className="stack-s" aria-label="Add a user" onSubmit={onAdd}>
          <label htmlFor={`${id}-address`}>Account address (ed25519)</label>
          <input
            id={`${id}-address`}
            className="input mono"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <label htmlFor={`${id}-label`}>Label (this browser only)</label>
          <input
            id={`${id}-label`}
            className="input"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
          <button type="submit" className="button" disabled={address.trim() === ''}>
            Add the user
          </button>
        </form>
      </details>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
