/**
 * A secret kept in browser storage only encrypted: AES-GCM-256 with a key derived from the
 * user's passphrase (PBKDF2-SHA-256, 600,000 rounds, random salt). Without the passphrase the
 * stored text is useless.
 */
export interface EncryptedSecret {
  v: 1;
  salt: string;
  iv: string;
  data: string;
}

const ROUNDS = 600_000;

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function deriveKey(passphrase: string, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: ROUNDS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptSecret(secret: string, passphrase: string): Promise<EncryptedSecret> {
  if (passphrase.length < 8) throw new Error('Use a passphrase of at least 8 characters.');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(passphrase, salt);
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: iv as BufferSource },
      key,
      new TextEncoder().encode(secret),
    ),
  );
  const sealed: EncryptedSecret = {
    v: 1,
    salt: toBase64(salt),
    iv: toBase64(iv),
    data: toBase64(data),
  };
  // Verify before anything is stored: a secret that cannot be read back must not replace the user's copy.
  if ((await decryptSecret(sealed, passphrase)) !== secret)
    throw new Error('Encryption check failed.');
  return sealed;
}

export async function decryptSecret(sealed: EncryptedSecret, passphrase: string): Promise<string> {
  try {
    const key = await deriveKey(passphrase, fromBase64(sealed.salt));
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) as BufferSource },
      key,
      fromBase64(sealed.data) as BufferSource,
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new Error('Wrong passphrase, or the saved data is damaged.');
  }
}
