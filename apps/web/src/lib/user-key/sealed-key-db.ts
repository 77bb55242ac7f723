import type { SealedUserKey } from './sealed-key.ts';

const DB = 'robonomics-dapp';
const STORE = 'user-keys';
/** Other tabs hear about saved and removed keys on this channel. */
export const USER_KEYS_CHANNEL = 'robonomics-dapp.user-keys';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('This browser cannot keep keys (no IndexedDB).'));
      return;
    }
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'user' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed to open.'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
    });
  } finally {
    db.close();
  }
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

export async function deleteSealedKey(user: string): Promise<void> {
  await run('readwrite', (s) => s.delete(user));
  announce();
}
