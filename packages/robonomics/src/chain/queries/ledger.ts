import type { RobonomicsClient } from '../model/client-type.ts';
import { type SubscriptionLedger, toLedger } from '../model/ledger.ts';

export async function fetchLedger(
  client: RobonomicsClient,
  owner: string,
): Promise<SubscriptionLedger | null> {
  return toLedger(await client.query.rws.ledger(owner));
}
