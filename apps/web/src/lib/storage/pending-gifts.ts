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

function readAll(): Record<string, PendingGift> {
  try {
    const parsed = JSON.parse(safeStorage.get(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, PendingGift>)
      : {};
  } catch {
    return {};
  }
}

export function readPendingGift(endpoint: string, buyer: string): PendingGift | null {
  const gift = readAll()[`${endpoint}|${buyer}`];
  return gift && typeof gift.beneficiary === 'string' && typeof gift.at === 'number' ? gift : null;
}

/** Remembers a gift (or, with null, forgets it once it was handed over or given up). */
export function writePendingGift(endpoint: string, buyer: string, gift: PendingGift | null): void {
  const all = readAll();
  const key = `${endpoint}|${buyer}`;
  if (gift) all[key] = gift;
  else delete all[key];
  safeStorage.set(KEY, JSON.stringify(all));
}
