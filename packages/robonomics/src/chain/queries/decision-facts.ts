import { QueryableStorage } from 'dedot';
import type { CheckedFacts, DecisionFact } from '../connection/second-opinion.ts';
import { type AccountBalance, toBalance } from '../model/balance.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { type SubscriptionLedger, toLedger } from '../model/ledger.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';

/**
 * The facts a purchase, a renewal, a device-list change or a transfer decides from, as storage
 * keys for the second opinion (connection/second-opinion.ts), and the same facts decoded from the
 * bytes that were compared: the decision reads nothing else.
 */

/** What an owner's decisions rest on: its subscription, its device list and its balance. */
export interface OwnerFacts {
  ledger: SubscriptionLedger | null;
  devices: string[];
  balance: AccountBalance;
}

/** The storage items behind OwnerFacts, in the order `ownerFacts` lists their keys. */
const OWNER_ITEMS = [
  ['RWS', 'Ledger', 'the subscription'],
  ['RWS', 'Devices', 'the device list'],
  ['System', 'Account', 'the balance'],
] as const;

/** The keys of an owner's facts (its subscription, device list and balance). */
export function ownerFacts(client: RobonomicsClient, owner: string): DecisionFact[] {
  return OWNER_ITEMS.map(([pallet, item, label]) => ({
    label,
    key: storageOf(client, pallet, item).encodeKey(owner) as `0x${string}`,
  }));
}

/** An owner's facts decoded from the bytes read at the checked block. */
export function decodeOwnerFacts(
  client: RobonomicsClient,
  values: CheckedFacts['values'],
): OwnerFacts {
  const [ledger, devices, account] = OWNER_ITEMS.map(([pallet, item], i) =>
    storageOf(client, pallet, item).decodeValue(values[i] ?? null),
  );
  return {
    ledger: toLedger(ledger as Parameters<typeof toLedger>[0]),
    devices: ((devices ?? []) as Array<{ address(prefix: number): string }>).map((d) =>
      d.address(ROBONOMICS_SS58),
    ),
    balance: toBalance((account as { data: Parameters<typeof toBalance>[0] }).data),
  };
}

/** The key of another account's subscription, for a decision that rests on it (a transfer's target). */
export function ledgerFact(client: RobonomicsClient, owner: string, label: string): DecisionFact {
  return {
    label,
    key: storageOf(client, 'RWS', 'Ledger').encodeKey(owner) as `0x${string}`,
  };
}

/** A subscription decoded from the bytes read at the checked block. */
export function decodeLedger(
  client: RobonomicsClient,
  value: `0x${string}` | null | undefined,
): SubscriptionLedger | null {
  return toLedger(
    storageOf(client, 'RWS', 'Ledger').decodeValue(value ?? null) as Parameters<typeof toLedger>[0],
  );
}

function storageOf(client: RobonomicsClient, pallet: string, item: string): QueryableStorage {
  return new QueryableStorage(client.registry, pallet, item);
}
