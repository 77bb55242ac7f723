/**
 * "Keep me signed in": the user's secret phrase sealed with a non-extractable AES-GCM-256
 * CryptoKey, stored beside the ciphertext in IndexedDB (structured clone keeps it
 * non-extractable for scripts). What this protects, and what not (docs/security.md, "Where keys
 * are kept"): the phrase is never in plain text in storage, no script can export the AES key, and
 * other sites cannot reach either. It does not protect against whoever has this browser profile:
 * the browser writes the key's raw bytes into the profile's files, so a copy of the profile (a
 * copied disk, a backup) opens the phrase, as does any script running on this origin. That is why
 * keys are kept only on the app's own origins (key-keeping.ts) and the option says "only for
 * trusted devices".
 */
export interface SealedUserKey {
  user: string;
  iv: Uint8Array;
  key: CryptoKey;
  sealed: ArrayBuffer;
}

export async function sealUserKey(user: string, mnemonic: string): Promise<SealedUserKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: iv as BufferSource },
    key,
    new TextEncoder().encode(mnemonic),
  );
  return { user, iv, key, sealed };
}

export async function openUserKey(record: SealedUserKey): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: record.iv as BufferSource },
    record.key,
    record.sealed,
  );
  return new TextDecoder().decode(plain);
}
