import type { RobonomicsClient, RuntimeCallLike } from '../model/client-type.ts';
import { setDevicesTx } from './set-devices.ts';

/**
 * A bid on `auctionIndex` and, when `devices` is given, the new device list in the same
 * batch_all: a failed bid must fail the whole transaction, not be skipped silently.
 */
export function buySubscriptionTx(
  client: RobonomicsClient,
  auctionIndex: number,
  bid: bigint,
  devices: string[] | null,
) {
  const calls: RuntimeCallLike[] = [client.tx.rws.bid(auctionIndex, bid).call];
  if (devices) calls.push(setDevicesTx(client, devices).call);
  return client.tx.utility.batchAll(calls);
}
