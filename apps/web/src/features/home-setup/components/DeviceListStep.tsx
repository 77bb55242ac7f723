import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { Address } from '../../../components/Address.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useDeviceListWrite } from '../../../components/use-device-list-write.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function DeviceListSummary({ guide }: { guide: Guide }) {
  const devices = guide.deviceList.devices;
  if (!devices) return <>Reading the device list from the chain…</>;
  return (
    <>
      {devices.length} {devices.length === 1 ? 'account' : 'accounts'} on the chain
    </>
  );
}

/**
 * Step 5: one transaction writes the subscription's device list with the controller and every
 * user, after the owner checked the whole new list; every device already listed stays.
 */
export function DeviceListStep({ guide }: { guide: Guide }) {
  const tx = useTx('Writing the device list was cancelled: nothing was signed.');
  const { setup, deviceList } = guide;
  const { write, review } = useDeviceListWrite(guide.facts.owner ?? '', (address) =>
    setup?.controller && addressEq(address, setup.controller.address)
      ? 'the controller of this setup'
      : deviceNameOf(setup)(address),
  );
  const current = deviceList.live ? deviceList.devices : undefined;
  if (!setup?.controller || !current) {
    return (
      <p className="small muted" role="status">
        {current
          ? 'The list is written once the controller is chosen.'
          : 'Reading the device list from the chain…'}
      </p>
    );
  }
  const wanted = [setup.controller.address, ...guide.facts.users];
  const missing = wanted.filter((a) => !current.some((d) => addressEq(d, a)));
  const next = [...current, ...missing];

  const onWrite = () =>
    tx.run(async (signed) => {
      await write(current, next, signed);
      return 'The device list is on the chain.';
    });

  return (
    <div className="stack-s">
      <p className="small">
        The subscription lets only its devices act for the home. One transaction, signed with the
        owner's account, adds:
      </p>
      <ul className="plain-list stack-s">
        {missing.map((address) => (
          <li key={address}>
            <Address address={address} />{' '}
            {addressEq(address, setup.controller!.address) ? 'the controller' : 'a user'}
          </li>
        ))}
      </ul>
      {review}
      {!review && (
        <TxButton
          status={tx.status}
          outcome={tx.outcome}
          onClick={onWrite}
          labels={{
            idle: 'Review and sign the device list',
            working: 'Writing the device list…',
            done: 'Written',
          }}
        />
      )}
    </div>
  );
}
