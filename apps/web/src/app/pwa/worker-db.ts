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

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

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
