import type { RobonomicsClient } from '../model/client-type.ts';
import { type SubscriptionLedger, toLedger } from '../model/ledger.ts';

/** Follows an owner's RWS.Ledger; null while the owner has no subscription. */
export function subscribeLedger(
  client: RobonomicsClient,
  owner: string,
  onLedger: (ledger: SubscriptionLedger | null) => void,
): Promise<() => Promise<void>> {
  return client.query.rws.ledger(owner, (raw) => onLedger(toLedger(raw)));
}
