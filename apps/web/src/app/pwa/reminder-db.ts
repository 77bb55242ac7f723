import { EMPTY_STATE, type ReminderState } from './reminder-check.ts';

/** The worker's reminder state in IndexedDB: one record in one store. */
const DB = 'robonomics-dapp-reminders';
const STORE = 'state';
const RECORD = 'state';

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
  const stored = (await run('readonly', (store) => store.get(RECORD))) as
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
  await run('readwrite', (store) => store.put(state, RECORD));
}
