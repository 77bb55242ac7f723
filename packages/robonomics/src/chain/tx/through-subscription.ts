import type { IKeyringPair } from 'dedot/types';
import { checkCallWeight, estimateFreeWeight } from '../../rws/subscription.ts';
import type { RobonomicsClient, RuntimeCallLike } from '../model/client-type.ts';
import { TxFailedError } from '../model/errors.ts';
import { addressEq, includesAddress } from '../model/same-account.ts';
import type { Submittable } from '../model/transaction.ts';
import { fetchLedger } from '../queries/ledger.ts';
import { referenceCallWeight } from '../queries/reference-call-weight.ts';
import { fetchSubscriptionDevices } from '../queries/subscription-devices.ts';
import { rwsCallTx } from './rws-call.ts';

/**
 * How a call is paid: directly when the signer is the subscription owner, otherwise wrapped in
 * rws.call(owner, call) so the subscription's free weight pays (docs/product-rules.md, Subscriptions). Before wrapping, the
 * signer must be a device of the owner and the call must fit the estimated free weight, so the
 * user gets the message of docs/product-rules.md instead of a failed transaction.
 */
export async function throughSubscription(
  client: RobonomicsClient,
  tx: Submittable & { call: RuntimeCallLike },
  from: string | IKeyringPair,
  owner: string,
  /** The owner's device list when the caller already follows it: not read again. */
  known: { devices?: readonly string[] } = {},
): Promise<Submittable> {
  const signer = typeof from === 'string' ? from : from.address;
  if (addressEq(signer, owner)) return tx;
  const [ledger, devices, info] = await Promise.all([
    fetchLedger(client, owner),
    known.devices ?? fetchSubscriptionDevices(client, owner),
    tx.paymentInfo(from),
  ]);
  if (!ledger) throw new TxFailedError(`Not found ledger ${owner}`);
  if (!includesAddress(devices, signer)) {
    throw new TxFailedError('You do not have access to this action.', 'RWS.NotLinkedDevice');
  }
  const free = estimateFreeWeight(ledger, referenceCallWeight(client), Date.now());
  const problem = checkCallWeight(info.weight.refTime, free);
  if (problem) throw new TxFailedError(problem, 'RWS.FreeWeightIsNotEnough');
  return rwsCallTx(client, owner, tx.call);
}
