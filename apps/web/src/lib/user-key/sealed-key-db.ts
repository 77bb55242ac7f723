import {
  inStore,
  inTransaction,
  openDatabase,
  withDatabase,
} from '@robonomics-dapp/robonomics/storage/indexed-db';
import type { SealedHomeSnapshot } from './sealed-home-snapshot.ts';
import type { SealedUserKey } from './sealed-key.ts';

const DB = 'robonomics-dapp';
const STORE = 'user-keys';
/** The homes as last shown, sealed with their user's key (sealed-home-snapshot.ts). */
/** Named 'home-views' when it was made: users' sealed snapshots are kept under that name. */
export const HOME_SNAPSHOTS_STORE = 'home-views';
/** Other tabs hear about saved and removed keys on this channel. */
export const USER_KEYS_CHANNEL = 'robonomics-dapp.user-keys';

/** The keys' database; version 2 added the sealed home snapshots beside the keys. */
const open = () =>
  openDatabase(DB, 2, (db) => {
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'user' });
    if (!db.objectStoreNames.contains(HOME_SNAPSHOTS_STORE)) {
      db.createObjectStore(HOME_SNAPSHOTS_STORE, { keyPath: 'id' });
    }
  });

/** Runs one request on one store of the keys' database, kept once it has committed. */
export function runInKeyDb<T>(
  store: typeof STORE | typeof HOME_SNAPSHOTS_STORE,
  mode: IDBTransactionMode,
  request: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return withDatabase(open, (db) => inStore(db, store, mode, request));
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

/** The ids of a user's home snapshots (homeSnapshotId starts with the user). */
const snapshotsOfUser = (user: string) => IDBKeyRange.bound(`${user} `, `${user} \uffff`);

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
 * A user's kept key and the home snapshots sealed with it, in one read: what the devices page of a
 * returning user needs first (the page's first script starts it).
 */
export function loadSealedKeyAndSnapshots(
  user: string,
): Promise<{ record: SealedUserKey | undefined; snapshots: SealedHomeSnapshot[] }> {
  return withDatabase(open, (db) =>
    inTransaction(db, [STORE, HOME_SNAPSHOTS_STORE], 'readonly', (tx) => {
      const record: IDBRequest<SealedUserKey | undefined> = tx.objectStore(STORE).get(user);
      const snapshots: IDBRequest<SealedHomeSnapshot[]> = tx
        .objectStore(HOME_SNAPSHOTS_STORE)
        .getAll(snapshotsOfUser(user));
      return () => ({ record: record.result, snapshots: snapshots.result });
    }),
  );
}

/** Deletes a user's kept key and the home snapshots sealed with it. */
export async function deleteSealedKey(user: string): Promise<void> {
  await withDatabase(open, (db) =>
    inTransaction(db, [STORE, HOME_SNAPSHOTS_STORE], 'readwrite', (tx) => {
      tx.objectStore(STORE).delete(user);
      tx.objectStore(HOME_SNAPSHOTS_STORE).delete(snapshotsOfUser(user));
      return () => undefined;
    }),
  );
  announce();
}
