import type { RobonomicsClient } from '../model/client-type.ts';

/**
 * rws.transfer(target): moves the signer's subscription ledger to `target` (runtime 43 and later);
 * fails with TargetAlreadyHasSubscription, or NoSubscription for a signer without one, and emits
 * RWS.UpdateSubscriptionOwner(old, new). The device list stays the old owner's.
 */
export function rwsTransferTx(client: RobonomicsClient, target: string) {
  return client.tx.rws.transfer(target);
}
