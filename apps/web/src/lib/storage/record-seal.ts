import {
  inStore,
  inTransaction,
  openDatabase,
  withDatabase,
} from '@robonomics-dapp/robonomics/storage/indexed-db';

/**
 * The seal on records the app acts on later without asking again (a gift to hand over): an
 * HMAC-SHA-256 of the record's text under a non-extractable key kept in IndexedDB, so a record that
 * was written or changed by anything but the app on this origin does not verify
 * (docs/security.md, "Records the app acts on"). The key is a kept key like any other: it is made
 * only where keys may be kept, and deleted where keeping turns out to be refused.
 */
const DB = 'robonomics-dapp-records';
const STORE = 'seal-keys';
const KEY_ID = 'records';

const open = () =>
  openDatabase(DB, 1, (db) => {
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
  });

/** A seal as kept beside its record: base64url of the 32-byte HMAC, without padding. */
const SEAL_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isSealText(value: unknown): value is string {
  return typeof value === 'string' && SEAL_PATTERN.test(value);
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A new sealing key: HMAC-SHA-256, which no script can export. */
export function makeSealKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The seal of `text` under `key`. */
export async function sealWith(key: CryptoKey, text: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return toBase64Url(new Uint8Array(mac));
}

/** Whether `seal` is `text`'s under `key` (the browser compares in constant time). */
export async function verifyWith(key: CryptoKey, text: string, seal: string): Promise<boolean> {
  if (!isSealText(seal)) return false;
  return crypto.subtle.verify(
    'HMAC',
    key,
    fromBase64Url(seal) as BufferSource,
    new TextEncoder().encode(text),
  );
}

/** The kept sealing key; null when none is kept (or IndexedDB cannot be opened). */
export async function keptSealKey(): Promise<CryptoKey | null> {
  try {
    const key = await withDatabase(open, (db) =>
      inStore<CryptoKey | undefined>(db, STORE, 'readonly', (store) => store.get(KEY_ID)),
    );
    return key ?? null;
  } catch {
    return null;
  }
}

/**
 * The kept sealing key, made and kept now when there is none. Callers check first that keys may
 * be kept here. Another tab making one at the same time: the first one kept wins for both.
 */
export async function sealKeyToKeep(): Promise<CryptoKey> {
  const made = await makeSealKey();
  return withDatabase(open, (db) =>
    inTransaction(db, STORE, 'readwrite', (transaction) => {
      const store = transaction.objectStore(STORE);
      const found = store.get(KEY_ID);
      let key = made;
      found.onsuccess = () => {
        if (found.result) key = found.result as CryptoKey;
        else store.put(made, KEY_ID);
      };
      return () => key;
    }),
  );
}

/** Deletes the sealing key: every record sealed with it stops verifying. */
export async function deleteSealKey(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await withDatabase(open, (db) =>
    inStore(db, STORE, 'readwrite', (store) => store.delete(KEY_ID)),
  );
}
