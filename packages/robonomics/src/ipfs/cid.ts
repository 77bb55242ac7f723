import { base58 } from '@scure/base';

/** A CIDv0 is base58btc of the sha2-256 multihash (0x12 0x20 ++ 32-byte digest): "Qm…". */
const MULTIHASH_PREFIX = [0x12, 0x20];

function toHex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function isCidV0(text: string): boolean {
  if (!/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(text)) return false;
  try {
    const bytes = base58.decode(text);
    return bytes.length === 34 && bytes[0] === 0x12 && bytes[1] === 0x20;
  } catch {
    return false;
  }
}

/** The 32-byte digest of a CIDv0 as 0x-hex: a launch parameter or a twin topic (docs/crypto.md). */
export function cidToH256(cid: string): string {
  const text = cid.trim();
  if (!isCidV0(text)) {
    throw new Error('Only CIDv0 (Qm…) content ids fit in 32 bytes; add the file as CIDv0.');
  }
  return toHex(base58.decode(text).slice(2));
}

/** Back from a 32-byte digest to its CIDv0. */
export function h256ToCid(hex: string): string {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]{64}$/.test(clean)) throw new Error('A 32-byte hash is 64 hex characters.');
  const digest = Uint8Array.from(clean.match(/../g)!, (b) => Number.parseInt(b, 16));
  return base58.encode(new Uint8Array([...MULTIHASH_PREFIX, ...digest]));
}
