import { create } from 'zustand';
import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';
import { safeStorage } from './safe-storage.ts';

/**
 * The subscriptions moved to another owner from this browser (rws.transfer), per endpoint and old
 * owner: the pages of the old owner's setup and home say where it went, rather than only that
 * there is none (docs/product-rules.md, "Transferring a subscription").
 */
const KEY = 'robonomics-dapp.subscription-moves.v1';

export interface SubscriptionMove {
  to: string;
  /** When the transfer was in a block (ms). */
  at: number;
}

export function readSubscriptionMove(endpoint: string, owner: string): SubscriptionMove | null {
  const move = readAccountRecords(safeStorage.get(KEY))[accountKey(endpoint, owner)] as
    | Partial<SubscriptionMove>
    | undefined;
  return move && typeof move.to === 'string' && typeof move.at === 'number'
    ? { to: move.to, at: move.at }
    : null;
}

/** Every move, for pages that follow them (a move written now shows at once). */
export const useSubscriptionMoves = create(() => ({ version: 0 }));

export function writeSubscriptionMove(endpoint: string, owner: string, move: SubscriptionMove) {
  safeStorage.set(
    KEY,
    withAccountRecord(safeStorage.get(KEY), endpoint, owner, move, (m) => m.at),
  );
  useSubscriptionMoves.setState((s) => ({ version: s.version + 1 }));
}
