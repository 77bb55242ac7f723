/**
 * Where the transactions this browser signed are kept (sent-transactions.ts), and the event a tab
 * dispatches each time it keeps one. A module of its own so the layout can tell whether there is
 * anything to follow without loading the records' code and the block search: a visitor who never
 * signed here does not fetch them (docs/transactions.md).
 */
export const SENT_TRANSACTIONS_KEY = 'robonomics-dapp.sent-transactions.v1';

/** Dispatched on `window` by the tab that keeps a record (other tabs get a `storage` event). */
export const SENT_RECORDS_KEPT_EVENT = 'robonomics-dapp:sent-records-kept';

/**
 * Whether what is kept under SENT_TRANSACTIONS_KEY holds anything to follow or to say: a record,
 * or an entry that cannot be read (the notice says so). An empty list is nothing.
 */
export function keepsSentRecords(raw: string | null): boolean {
  return raw !== null && raw.trim() !== '[]';
}
