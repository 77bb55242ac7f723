import type { CrustClient } from './client.ts';

/** The storage price of the spec: round(base fee + per-byte fee * size / 1,048,576). */
export function storagePrice(baseFee: bigint, byteFee: bigint, size: number): bigint {
  const scaled = baseFee * 1_048_576n + byteFee * BigInt(size);
  return (scaled + 524_288n) / 1_048_576n;
}

/** Market.FileBaseFee and Market.FileByteFee, and the price of `size` bytes. */
export async function fetchStoragePrice(client: CrustClient, size: number): Promise<bigint> {
  const [base, perByte] = await Promise.all([
    client.query.market.fileBaseFee() as Promise<bigint>,
    client.query.market.fileByteFee() as Promise<bigint>,
  ]);
  return storagePrice(BigInt(base), BigInt(perByte), size);
}
