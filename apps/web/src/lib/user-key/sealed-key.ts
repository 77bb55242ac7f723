/**
 * "Keep me signed in": the user's secret phrase sealed with a non-extractable AES-GCM-256
 * CryptoKey. The key object is stored beside the ciphertext in IndexedDB (structured clone keeps
 * it non-extractable). What this protects is the phrase at rest: the stored bytes alone, copied
 * off the disk or out of a backup, do not reveal it, and the AES key cannot be exported. It does
 * not protect against script running on the page: such script can ask the same CryptoKey to
 * decrypt the phrase (docs/security.md).
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
