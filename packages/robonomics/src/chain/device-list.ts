import { sameDeviceList } from '../rws/devices.ts';
import type { RobonomicsClient } from './client.ts';
import { TxFailedError } from './errors.ts';
import { fetchDevices } from './queries/devices.ts';
import { setDevicesTx } from './tx/set-devices.ts';

/** Said when the chain's device list is not the one the page showed the user. */
export const DEVICE_LIST_CHANGED = 'The device list changed on the chain; check it and try again.';

/**
 * Reads an owner's device list again, right before a signature that writes it, and refuses when
 * it is not the list the page showed (docs/product-rules.md, "Writing the device list"): a node
 * or another tab that changed it meanwhile must not have its list signed unseen.
 */
export async function deviceListAsShown(
  client: RobonomicsClient,
  owner: string,
  shown: readonly string[],
): Promise<string[]> {
  const current = await fetchDevices(client, owner);
  if (!sameDeviceList(current, shown)) throw new TxFailedError(DEVICE_LIST_CHANGED);
  return current;
}

/** rws.set_devices(next), built only once the chain holds exactly the list the page showed. */
export async function checkedSetDevicesTx(
  client: RobonomicsClient,
  owner: string,
  shown: readonly string[],
  next: string[],
) {
  await deviceListAsShown(client, owner, shown);
  return setDevicesTx(client, next);
}
