import type { SealedHomeView } from './sealed-home-view.ts';
import type { SealedUserKey } from './sealed-key.ts';

const DB = 'robonomics-dapp';
const STORE = 'user-keys';
/** The homes as last shown, sealed with their user's key (sealed-home-view.ts). */
export const VIEWS_STORE = 'home-views';
/** Other tabs hear about saved and removed keys on this channel. */
export const USER_KEYS_CHANNEL = 'robonomics-dapp.user-keys';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('This browser cannot keep keys (no IndexedDB).'));
      return;
    }
    // Version 2 added the sealed home views beside the keys.
    const request = indexedDB.open(DB, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'user' });
      if (!db.objectStoreNames.contains(VIEWS_STORE)) {
        db.createObjectStore(VIEWS_STORE, { keyPath: 'id' });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed to open.'));
  });
}

/** The result of one request. */
function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

/** Runs `action` in one transaction over `stores` of the keys' database, then closes it. */
async function inKeyDb<T>(
  stores: (typeof STORE | typeof VIEWS_STORE)[],
  mode: IDBTransactionMode,
  action: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const db = await open();
  try {
    return await action(db.transaction(stores, mode));
  } finally {
    db.close();
  }
}

/** Runs one request on one store of the keys' database. */
export function runInKeyDb<T>(
  store: typeof STORE | typeof VIEWS_STORE,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return inKeyDb([store], mode, (tx) => answer(action(tx.objectStore(store))));
}

/**
 * Where browsers without BroadcastChannel hear about a change: other tabs get a `storage` event
 * for this localStorage key.
 */
export const USER_KEYS_STORAGE_EVENT = 'robonomics-dapp.user-keys.changed';

/** Tells every tab of the app (this one included) that the kept keys changed. */
function announce() {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(USER_KEYS_CHANNEL);
    channel.postMessage('changed');
    channel.close();
    return;
  }
  try {
    localStorage.setItem(USER_KEYS_STORAGE_EVENT, String(Date.now()));
  } catch {
    // No storage either: other tabs see the change when they next look.
  }
}

/** Calls `onChange` whenever another tab, or this one, saves or forgets a kept key. */
export function watchSealedKeys(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_KEYS_STORAGE_EVENT) onChange();
  };
  globalThis.addEventListener?.('storage', onStorage);
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(USER_KEYS_CHANNEL);
  channel?.addEventListener('message', onChange);
  return () => {
    globalThis.removeEventListener?.('storage', onStorage);
    channel?.close();
  };
}

/** The ids of a user's home views (homeViewId starts with the user). */
const viewsOfUser = (user: string) => IDBKeyRange.bound(`${user} `, `${user} \uffff`);

const run = <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) =>
  runInKeyDb(STORE, mode, action);

export async function saveSealedKey(record: SealedUserKey): Promise<void> {
  await run('readwrite', (s) => s.put(record));
  announce();
}

export async function loadSealedKey(user: string): Promise<SealedUserKey | undefined> {
  return run<SealedUserKey | undefined>('readonly', (s) => s.get(user));
}

export async function listSealedUsers(): Promise<string[]> {
  return (await run<IDBValidKey[]>('readonly', (s) => s.getAllKeys())).map(String);
}

/**
 * A user's kept key and the home views sealed with it, in one read: what the devices page of a
 * returning user needs first (the page's first script starts it).
 */
export function loadSealedKeyAndViews(
  user: string,
): Promise<{ record: SealedUserKey | undefined; views: SealedHomeView[] }> {
  return inKeyDb([STORE, VIEWS_STORE], 'readonly', async (tx) => {
    const [record, views] = await Promise.all([
      answer<SealedUserKey | undefined>(tx.objectStore(STORE).get(user)),
      answer<SealedHomeView[]>(tx.objectStore(VIEWS_STORE).getAll(viewsOfUser(user))),
    ]);
    return { record, views };
  });
}

/** Deletes a user's kept key and the home views sealed with it. */
export async function deleteSealedKey(user: string): Promise<void> {
  await inKeyDb([STORE, VIEWS_STORE], 'readwrite', (tx) => {
    tx.objectStore(STORE).delete(user);
    tx.objectStore(VIEWS_STORE).delete(viewsOfUser(user));
    return new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed.'));
    });
  });
  announce();
}
