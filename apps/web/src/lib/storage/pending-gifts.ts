import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';
import { safeStorage } from './safe-storage.ts';

/**
 * Subscriptions bought here for someone else, per endpoint and buyer, until they are handed over:
 * the bid is the buyer's, and once its auction is won the app offers the transfer to the
 * beneficiary, across reloads (docs/product-rules.md, "Buying for someone else").
 */
const KEY = 'robonomics-dapp.pending-gifts.v1';

export interface PendingGift {
  beneficiary: string;
  /** When the purchase was made (ms). */
  at: number;
}

export function readPendingGift(endpoint: string, buyer: string): PendingGift | null {
  const gift = readAccountRecords(safeStorage.get(KEY))[accountKey(endpoint, buyer)] as
    | Partial<PendingGift>
    | undefined;
  return gift && typeof gift.beneficiary === 'string' && typeof gift.at === 'number'
    ? { beneficiary: gift.beneficiary, at: gift.at }
    : null;
}

/** Remembers a gift (or, with null, forgets it once it was handed over or given up). */
export function writePendingGift(endpoint: string, buyer: string, gift: PendingGift | null): void {
  safeStorage.set(
    KEY,
    withAccountRecord(safeStorage.get(KEY), endpoint, buyer, gift, (g) => g.at),
  );
}
