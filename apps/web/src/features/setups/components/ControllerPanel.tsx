import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq, includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { addDevice, MAX_DEVICES } from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useDeviceListWrite } from '../../../components/use-device-list-write.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { useMaxDevices } from '../../../lib/chain/use-runtime-features.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { GenerateController, type GeneratedController } from './GenerateController.tsx';

/**
 * The Home Assistant controller of a setup. The owner saves it on chain too (as a device);
 * a controller already among the devices is accepted without a transaction.
 */
export function ControllerPanel({
  setup,
  devices,
  live,
  isOwner,
  active,
}: {
  setup: SavedSetup;
  devices: string[];
  /** `devices` is the live list from the chain, not the one kept while it loads. */
  live: boolean;
  isOwner: boolean;
  /** The subscription is active: generating a controller needs one. */
  active: boolean;
}) {
  const id = useId();
  const signer = useWallet((s) => s.address);
  const maxDevices = useMaxDevices();
  const updateSetup = useSavedSetups((s) => s.updateSetup);
  /** The controller being saved: the review names it before the setup is updated. */
  const pendingController = useRef<string | null>(null);
  const { write, review } = useDeviceListWrite(setup.owner, (address) =>
    addressEq(address, pendingController.current ?? '')
      ? 'the new controller of this setup'
      : deviceNameOf(setup)(address),
  );
  const [address, setAddress] = useState(setup.controller?.address ?? '');
  const tx = useTx('Saving controller account to User list was cancelled.');

  /** Saves the controller locally and, for the owner, as a device on chain (docs/product-rules.md). */
  const save = (value: string, generated?: GeneratedController) =>
    tx.run(async (signed) => {
      if (!isValidAddress(value)) throw new Error('Please, enter valid address for an account.');
      const controller = toRobonomicsAddress(value);
      const keep = generated
        ? generated.keystore
        : setup.controller && addressEq(setup.controller.address, controller)
          ? setup.controller.keystore
          : undefined;
      const local = { controller: { address: controller, ...(keep ? { keystore: keep } : {}) } };
      if (isOwner) {
        const change = addDevice(
          devices,
          controller,
          { activeOwner: setup.owner, signer },
          { controllerEdit: true, maxDevices: maxDevices ?? MAX_DEVICES },
        );
        if (!change.ok) throw new Error(change.error);
        if (change.changed && !live) {
          throw new Error(
            'The current device list is still being read from the chain. Try again in a moment.',
          );
        }
        // A generated controller is saved before the transaction: a cancel must not lose it.
        if (generated) updateSetup(setup.owner, setup.network, local);
        pendingController.current = controller;
        if (change.changed) await write(devices, change.devices, signed);
        updateSetup(setup.owner, setup.network, local);
        return 'Controller setup locally in dapp and saved in chain. Make sure this account is used as a controller in Home Assistant integration.';
      }
      if (!includesAddress(devices, controller))
        throw new Error('The address of controller has not been added in the subscription yet.');
      updateSetup(setup.owner, setup.network, local);
      return 'Controller setup saved locally in dapp. Make sure this account has been added as a user in the subscription and is used as a controller in Home Assistant integration.';
    });
  const onSave = () => save(address);

  const valid = address === '' || isValidAddress(address);
  return (
    <section className="stack-s" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Controller</h3>
      {setup.controller?.address && (
        <p className="small">
          Current: <Address address={setup.controller.address} />{' '}
          {includesAddress(devices, setup.controller.address) ? (
            <span className="ok">in the user list</span>
          ) : (
            <span className="error">Account should be added in User list</span>
          )}
        </p>
      )}
      <label htmlFor={`${id}-address`}>Controller account</label>
      <input
        id={`${id}-address`}
        className="input mono"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        aria-invalid={!valid}
      />
      {!valid && <p className="error small">Account is not valid</p>}
      {review}
      <TxButton
        status={tx.status}
        outcome={tx.outcome}
        onClick={() => void onSave()}
        disabled={!valid || address === ''}
        labels={{ idle: 'Save controller', working: 'Saving…', done: 'Saved' }}
      />
      {isOwner &&
        (active ? (
          <GenerateController
            name={setup.name}
            onGenerated={(generated) => {
              setAddress(generated.address);
              void save(generated.address, generated);
            }}
          />
        ) : (
          <p className="small">
            To generate new controller you need active subscription.{' '}
            <Link to={routePaths.buy}>Renew here</Link>
          </p>
        ))}
    </section>
  );
}
