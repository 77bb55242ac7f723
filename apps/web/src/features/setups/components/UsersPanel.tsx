import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  addDevice,
  deviceBoundText,
  MAX_DEVICES,
  removeDevice,
} from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { type FormEvent, useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useDeviceListWrite } from '../../../components/use-device-list-write.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { useMaxDevices } from '../../../lib/chain/use-runtime-features.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';

/**
 * The subscription's users (devices) from the chain, with labels kept only in this browser.
 * Adding or removing one writes the whole list: only from the live list (not the one kept from
 * an earlier visit), and only after the user checked the new list in full.
 */
export function UsersPanel({
  setup,
  devices,
  live,
  isOwner,
}: {
  setup: SavedSetup;
  devices: string[];
  /** `devices` is the live list from the chain, not the one kept while it loads. */
  live: boolean;
  isOwner: boolean;
}) {
  const id = useId();
  const signer = useWallet((s) => s.address);
  const maxDevices = useMaxDevices();
  const full = maxDevices != null && devices.length >= maxDevices;
  const updateSetup = useSavedSetups((s) => s.updateSetup);
  const { write, review } = useDeviceListWrite(setup.owner, deviceNameOf(setup));
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const addTx = useTx('Adding of the user has been canceled.');
  const removeTx = useTx('The removal of the user has been canceled.');
  const labels = setup.users ?? [];
  const labelOf = (a: string) => labels.find((u) => addressEq(u.address, a))?.label ?? '';

  const saveLabel = (user: string, text: string) => {
    const others = labels.filter((u) => !addressEq(u.address, user));
    updateSetup(setup.owner, setup.network, {
      users: text.trim()
        ? [...others, { address: user, label: text.trim().slice(0, 100) }]
        : others,
    });
  };

  const onAdd = () =>
    addTx.run(async (signed) => {
      const change = addDevice(
        devices,
        address,
        { activeOwner: setup.owner, signer },
        { maxDevices: maxDevices ?? MAX_DEVICES },
      );
      if (!change.ok) throw new Error(change.error);
      const added = change.devices[change.devices.length - 1]!;
      // The label is kept first: the review names the new account by it.
      if (label.trim()) saveLabel(added, label);
      await write(devices, change.devices, signed);
      setAddress('');
      setLabel('');
      return 'User list has been updated.';
    });

  const onRemove = (user: string) =>
    removeTx.run(async (signed) => {
      const change = removeDevice(devices, user, { activeOwner: setup.owner, signer });
      if (!change.ok) throw new Error(change.error);
      if (change.changed) await write(devices, change.devices, signed);
      return 'User list has been updated.';
    });
  const writing = addTx.busy || removeTx.busy;

  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Users: {devices.length} {devices.length === 1 ? 'account' : 'accounts'} added
      </h3>
      <ul className="plain-list stack-s" data-testid="setup-users">
        {devices.map((device) => (
          <li key={device} className="row user-row">
            <Address address={device} />
            <input
              className="input small"
              aria-label={`Label of ${device} (this browser only)`}
              placeholder="Label (dapp only)"
              defaultValue={labelOf(device)}
              onBlur={(e) => saveLabel(device, e.target.value)}
            />
            {isOwner && (
              <button
                type="button"
                className="button icon-button"
                aria-label={`Remove ${device} from the subscription`}
                onClick={() => void onRemove(device)}
                disabled={writing || !live}
              >
                <svg
                  aria-hidden="true"
                  width="14"
                  height="14"
                  viewBox="0 0 16 16"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                >
                  <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.8 6.5v5M9.2 6.5v5" />
                </svg>
              </button>
            )}
          </li>
        ))}
      </ul>
      {review}
      {isOwner && !live && (
        <p className="small muted" role="status">
          Reading the current list from the chain: it can be changed once it is in.
        </p>
      )}
      {removeTx.outcome && (
        <p className={removeTx.outcome.kind === 'error' ? 'error small' : 'small'} role="status">
          {removeTx.outcome.text}
        </p>
      )}
      {isOwner && full && maxDevices != null && (
        <p className="small notice-warn" data-testid="device-list-full">
          {deviceBoundText(maxDevices)}
        </p>
      )}
      {isOwner ? (
        <form
          className="stack-s"
          aria-label="Add a user"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void onAdd();
          }}
        >
          <label htmlFor={`${id}-address`}>Account address</label>
          <input
            id={`${id}-address`}
            className="input mono"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <label htmlFor={`${id}-label`}>Label (dapp only)</label>
          <input
            id={`${id}-label`}
            className="input"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
          <TxButton
            status={addTx.status}
            outcome={addTx.outcome}
            onClick={() => void onAdd()}
            submit
            disabled={address.trim() === '' || !live || removeTx.busy}
            labels={{ idle: 'Add user', working: 'Adding…', done: 'Add another user' }}
          />
        </form>
      ) : (
        <p className="small muted">Only the owner of the subscription can add or remove users.</p>
      )}
    </section>
  );
}
