/**
 * The browser's IndexedDB, the few ways the app uses it: a database opened at a version (its
 * stores made or changed by an upgrade), and work done in one transaction whose result counts
 * only once the transaction has committed. A write whose request succeeded can still be lost
 * when its transaction aborts; resolving on `complete` means "kept".
 */

/**
 * Opens database `name` at `version`; `upgrade` makes its stores when the browser holds none or an
 * older version (while another tab holds an older version open, the open waits for it to close).
 * Rejects when IndexedDB is missing (some private modes) or the open fails.
 */
export function openDatabase(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('This browser cannot keep data (no IndexedDB).'));
      return;
    }
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed to open.'));
  });
}

/**
 * Runs `act` in one transaction over `stores`: it makes its requests and returns how to read their
 * results. Resolves with that reading once the transaction has committed; rejects when it fails
 * or aborts.
 */
export function inTransaction<T>(
  db: IDBDatabase,
  stores: string | string[],
  mode: IDBTransactionMode,
  act: (transaction: IDBTransaction) => () => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(stores, mode);
    const result = act(transaction);
    const failed = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
    transaction.oncomplete = () => resolve(result());
    transaction.onerror = failed;
    transaction.onabort = failed;
  });
}

/** One request on one store, in a transaction of its own (see inTransaction). */
export function inStore<T>(
  db: IDBDatabase,
  store: string,
  mode: IDBTransactionMode,
  request: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return inTransaction(db, store, mode, (transaction) => {
    const made = request(transaction.objectStore(store));
    return () => made.result;
  });
}

/** Opens the database for one piece of work and closes it after, whatever the outcome. */
export async function withDatabase<T>(
  open: () => Promise<IDBDatabase>,
  work: (db: IDBDatabase) => Promise<T>,
): Promise<T> {
  const db = await open();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}
