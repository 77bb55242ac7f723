import { create } from 'zustand';
import {
  readSentRecords,
  type SentEnd,
  type SentRecord,
  writeSentRecords,
} from '../storage/sent-transactions.ts';
import {
  SENT_RECORDS_KEPT_EVENT,
  SENT_TRANSACTIONS_KEY,
} from '../storage/sent-transactions-key.ts';

/**
 * The transactions this browser signed (lib/storage/sent-transactions.ts), as the pages show
 * them: kept in storage at every change, read again when another tab changes them, with what a
 * search in the chain's blocks has found so far for those still pending.
 */
interface SentState {
  records: SentRecord[];
  /** Kept entries that could not be read (dropped at the next write), said once. */
  unreadable: number;
  /** Per pending record (hash): the final blocks searched so far, and why a search stopped. */
  looking: Record<string, { from: number; to: number } | { why: string }>;
  /** The browser refused to keep a record: the page says it cannot follow it across a reload. */
  unkept: boolean;
}

export const useSentTransactions = create<SentState>(() => ({
  ...readSentRecords(),
  looking: {},
  unkept: false,
}));

function save(records: SentRecord[]) {
  const kept = writeSentRecords(records);
  useSentTransactions.setState({ records, unreadable: 0, unkept: !kept });
  // The layout starts following transactions (and its notice) from the first one kept.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SENT_RECORDS_KEPT_EVENT));
}

/** Keeps a record of a transaction about to be handed to the node. */
export function keepSentRecord(record: SentRecord): void {
  const { records } = useSentTransactions.getState();
  save([record, ...records.filter((r) => r.hash !== record.hash)]);
}

/** Changes one record (its search's progress, its end); an end once found is never replaced. */
export function updateSentRecord(hash: string, patch: Partial<SentRecord>): void {
  const { records } = useSentTransactions.getState();
  const current = records.find((r) => r.hash === hash);
  if (!current) return;
  const next = { ...current, ...patch, ...(current.end ? { end: current.end } : {}) };
  save(records.map((r) => (r.hash === hash ? next : r)));
}

/** Records the end of a transaction (once). */
export function endSentRecord(hash: string, end: SentEnd): void {
  updateSentRecord(hash, { end });
}

/** The user has seen the end of these transactions: no notice lists them any more. */
export function markSentSeen(hashes: readonly string[]): void {
  const { records } = useSentTransactions.getState();
  if (!records.some((r) => hashes.includes(r.hash) && !r.seen)) return;
  save(records.map((r) => (hashes.includes(r.hash) ? { ...r, seen: true } : r)));
}

/** What a search found so far for a pending record (not kept: it is redone after a reload). */
export function setLooking(hash: string, found: SentState['looking'][string]): void {
  useSentTransactions.setState((s) => ({ looking: { ...s.looking, [hash]: found } }));
}

// Another tab signed or followed a transaction: this tab shows the same records.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SENT_TRANSACTIONS_KEY) useSentTransactions.setState(readSentRecords());
  });
}
