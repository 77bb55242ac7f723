import {
  type DeviceFunding,
  NEW_DEVICE_FUNDING,
  sameDeviceList,
} from '../../rws/subscription-devices.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { TxFailedError } from '../model/errors.ts';
import { includesAddress } from '../model/same-account.ts';
import { fetchAccountBalance } from '../queries/account-balance.ts';
import { fetchSubscriptionDevices } from '../queries/subscription-devices.ts';
import { setDevicesTx } from '../tx/set-devices.ts';
import { transferTx } from '../tx/transfer.ts';

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
  return requireShownList(await fetchSubscriptionDevices(client, owner), shown);
}

/** `current` (a list read from the chain), if it is the one the page showed; else the refusal. */
export function requireShownList(current: string[], shown: readonly string[]): string[] {
  if (!sameDeviceList(current, shown)) throw new TxFailedError(DEVICE_LIST_CHANGED);
  return current;
}

/**
 * rws.set_devices(next), built only once the chain holds exactly the list the page showed
 * (`current`, as read from the chain right before: checked facts, see connection/second-opinion.ts);
 * with `funding`, in one all-or-nothing batch with the transfers that make new devices exist.
 */
export function checkedSetDevicesTx(
  client: RobonomicsClient,
  current: string[],
  shown: readonly string[],
  next: string[],
  funding: readonly DeviceFunding[] = [],
) {
  requireShownList(current, shown);
  if (funding.length === 0) return setDevicesTx(client, next);
  return client.tx.utility.batchAll([
    setDevicesTx(client, next).call,
    ...funding.map(({ to, amount }) => transferTx(client, to, amount).call),
  ]);
}

/**
 * The devices `next` adds that hold nothing on the chain, each with what it needs to exist
 * (NEW_DEVICE_FUNDING): what an owner sends along with the list.
 */
export async function fundingForNewDevices(
  client: RobonomicsClient,
  before: readonly string[],
  next: readonly string[],
): Promise<DeviceFunding[]> {
  const added = next.filter((a) => !includesAddress(before, a));
  const balances = await Promise.all(added.map((a) => fetchAccountBalance(client, a)));
  return added
    .filter((_, i) => balances[i]!.free === 0n)
    .map((to) => ({ to, amount: NEW_DEVICE_FUNDING }));
}
