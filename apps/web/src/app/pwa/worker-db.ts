import {
  inStore,
  openDatabase,
  withDatabase,
} from '@robonomics-dapp/robonomics/storage/indexed-db';
import { EMPTY_STATE, type ReminderState } from './reminder-check.ts';

/**
 * The service worker's own records in IndexedDB, one store: the reminder state and the endpoint
 * of the first reads it starts with a navigation. The database is named for its first record and
 * keeps that name for what browsers already hold.
 */
const DB = 'robonomics-dapp-reminders';
const STORE = 'state';
const REMINDERS = 'state';
const FIRST_READS_ENDPOINT = 'first-reads-endpoint';

const open = () => openDatabase(DB, 1, (db) => db.createObjectStore(STORE));

const run = <T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>) =>
  withDatabase(open, (db) => inStore(db, STORE, mode, request));

export async function loadReminderState(): Promise<ReminderState> {
  const stored = (await run('readonly', (store) => store.get(REMINDERS))) as
    | Partial<ReminderState>
    | undefined;
  return {
    enabled: stored?.enabled === true,
    setups: Array.isArray(stored?.setups) ? stored.setups : EMPTY_STATE.setups,
    lastCheck: typeof stored?.lastCheck === 'number' ? stored.lastCheck : 0,
    shown: Array.isArray(stored?.shown) ? stored.shown : [],
  };
}

export async function saveReminderState(state: ReminderState): Promise<void> {
  await run('readwrite', (store) => store.put(state, REMINDERS));
}

/** The endpoint the page last said its first reads go to, if any. */
export async function loadFirstReadsEndpoint(): Promise<string | null> {
  const stored = await run('readonly', (store) => store.get(FIRST_READS_ENDPOINT));
  return typeof stored === 'string' ? stored : null;
}

export async function saveFirstReadsEndpoint(endpoint: string): Promise<void> {
  await run('readwrite', (store) => store.put(endpoint, FIRST_READS_ENDPOINT));
}
