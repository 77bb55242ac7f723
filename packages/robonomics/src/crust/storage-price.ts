import type { CrustClient } from './client.ts';
import { plainKey, readStorage } from './storage.ts';

/**
 * The storage price (docs/product-rules.md, Storage market): round(base fee + per-byte fee * size /
 * 1,048,576).
 */
export function storagePrice(baseFee: bigint, byteFee: bigint, size: number): bigint {
  const scaled = baseFee * 1_048_576n + byteFee * BigInt(size);
  return (scaled + 524_288n) / 1_048_576n;
}

function u128(bytes: Uint8Array | null): bigint {
  let value = 0n;
  if (!bytes) return value;
  for (let i = Math.min(bytes.length, 16) - 1; i >= 0; i--)
    value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/** Market.FileBaseFee and Market.FileByteFee (their defaults when unset), and the price of `size` bytes. */
export async function fetchStoragePrice(client: CrustClient, size: number): Promise<bigint> {
  const { storage } = client.chain;
  const [base, perByte] = await Promise.all([
    readStorage(client, plainKey('Market', 'FileBaseFee')),
    readStorage(client, plainKey('Market', 'FileByteFee')),
  ]);
  return storagePrice(
    u128(base ?? storage.fileBaseFee.fallback),
    u128(perByte ?? storage.fileByteFee.fallback),
    size,
  );
}
