import { create } from 'zustand';
import { safeStorage } from './safe-storage.ts';

/**
 * The subscriptions moved to another owner from this browser (rws.transfer), per endpoint and old
 * owner: the pages of the old owner's setup and home say where it went, rather than only that
 * there is none (docs/product-rules.md, "Transferring a subscription").
 */
const KEY = 'robonomics-dapp.subscription-moves.v1';
const MAX_ENTRIES = 50;

export interface SubscriptionMove {
  to: string;
  /** When the transfer was in a block (ms). */
  at: number;
}

function readAll(): Record<string, SubscriptionMove> {
  try {
    const parsed = JSON.parse(safeStorage.get(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, SubscriptionMove>)
      : {};
  } catch {
    return {};
  }
}

export function readSubscriptionMove(endpoint: string, owner: string): SubscriptionMove | null {
  const move = readAll()[`${endpoint}|${owner}`];
  return move && typeof move.to === 'string' && typeof move.at === 'number' ? move : null;
}

/** Every move, for pages that follow them (a move written now shows at once). */
export const useSubscriptionMoves = create(() => ({ version: 0 }));

export function writeSubscriptionMove(endpoint: string, owner: string, move: SubscriptionMove) {
  const all = readAll();
  all[`${endpoint}|${owner}`] = move;
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0))
    .slice(0, MAX_ENTRIES);
  safeStorage.set(KEY, JSON.stringify(Object.fromEntries(newest)));
  useSubscriptionMoves.setState((s) => ({ version: s.version + 1 }));
}
