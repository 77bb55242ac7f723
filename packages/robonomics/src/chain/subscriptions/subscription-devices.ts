import type { RobonomicsClient } from '../model/client-type.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';

/**
 * Follows an owner's device list (RWS.Devices). The storage subscription fires exactly when the
 * list changes, which is when RWS.NewDevices names this owner; dedot's event watcher breaks on
 * a chain still at genesis, the storage subscription does not.
 */
export function subscribeSubscriptionDevices(
  client: RobonomicsClient,
  owner: string,
  onDevices: (devices: string[]) => void,
): Promise<() => Promise<void>> {
  return client.query.rws.devices(owner, (devices) =>
    onDevices(devices.map((d) => d.address(ROBONOMICS_SS58))),
  );
}
