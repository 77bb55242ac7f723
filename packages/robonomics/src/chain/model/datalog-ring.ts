import { decodeAddress, twox64Concat, twox128, u8aToHex } from '@dedot/utils';
import type { DatalogRecord } from './datalog.ts';

// The layout of an account's datalog ring in storage (Datalog.DatalogIndex and DatalogItem): its
// keys, values and slots, without reading anything.

/** Datalog.WindowSize of the runtime. */
export const DATALOG_WINDOW = 128;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

function hexBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  return Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

/** SCALE compact integer at `at`: [value, bytes used]. */
function compact(bytes: Uint8Array, at: number): [bigint, number] {
  const mode = bytes[at]! & 3;
  if (mode === 0) return [BigInt(bytes[at]! >> 2), 1];
  if (mode === 1) return [BigInt((bytes[at]! | (bytes[at + 1]! << 8)) >> 2), 2];
  if (mode === 2)
    return [
      BigInt(new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, true) >>> 2),
      4,
    ];
  const length = (bytes[at]! >> 2) + 4;
  let value = 0n;
  for (let i = length; i > 0; i--) value = (value << 8n) | BigInt(bytes[at + i]!);
  return [value, length + 1];
}

/**
 * DatalogItem((account, index)) keys: twox128("Datalog") ++ twox128("DatalogItem") ++
 * twox64Concat(account ++ u64 LE). Built here because dedot 1.3 rejects tuple-keyed maps
 * ("Expected 1 parameter but received 2").
 */
export function datalogItemKey(account: Uint8Array, index: number): string {
  const arg = new Uint8Array(40);
  arg.set(account);
  new DataView(arg.buffer).setBigUint64(32, BigInt(index), true);
  const prefix = [...twox128(encoder.encode('Datalog')), ...twox128(encoder.encode('DatalogItem'))];
  return u8aToHex(new Uint8Array([...prefix, ...twox64Concat(arg)]));
}

/**
 * DatalogIndex(account) keys: twox128("Datalog") ++ twox128("DatalogIndex") ++
 * twox64Concat(account). Its value is the ring's RingBufferIndex (decodeDatalogIndex).
 */
export function datalogIndexKey(account: Uint8Array): string {
  const prefix = [
    ...twox128(encoder.encode('Datalog')),
    ...twox128(encoder.encode('DatalogIndex')),
  ];
  return u8aToHex(new Uint8Array([...prefix, ...twox64Concat(account)]));
}

/** RingBufferIndex = {start: Compact<u64>, end: Compact<u64>}: the ring's first and next slot. */
export function decodeDatalogIndex(value: string): { start: number; end: number } {
  const bytes = hexBytes(value);
  const [start, used] = compact(bytes, 0);
  const [end] = compact(bytes, used);
  return { start: Number(start), end: Number(end) };
}

/** RingBufferItem = (Compact<u64> moment, Bytes record). */
export function decodeDatalogItem(value: string): DatalogRecord {
  const bytes = hexBytes(value);
  const [moment, used] = compact(bytes, 0);
  const [length, lengthBytes] = compact(bytes, used);
  const start = used + lengthBytes;
  return {
    time: Number(moment),
    text: decoder.decode(bytes.subarray(start, start + Number(length))),
  };
}

/** The ring slot of an account's newest record (the one before `end`), null when it is empty. */
export function newestDatalogSlot(index: { start: number; end: number }): number | null {
  return index.start === index.end ? null : (index.end + DATALOG_WINDOW - 1) % DATALOG_WINDOW;
}

/** The ring slots from `from` up to (not including) `to`, in the ring's order. */
export function datalogSlots(from: number, to: number): number[] {
  const slots: number[] = [];
  for (let i = from; i !== to; i = (i + 1) % DATALOG_WINDOW) slots.push(i);
  return slots;
}

/** The storage keys of some of an account's ring slots, in the order given. */
export function datalogSlotKeys(account: string, slots: readonly number[]): `0x${string}`[] {
  const publicKey = decodeAddress(account);
  return slots.map((i) => datalogItemKey(publicKey, i) as `0x${string}`);
}

/**
 * The records a batched storage read (`state_queryStorageAt`) gave for `keys`, in their order; an
 * empty slot is left out.
 */
export function datalogRecordsAt(
  keys: readonly string[],
  changes: readonly (readonly [string, string | null | undefined])[] | undefined,
): DatalogRecord[] {
  const values = new Map((changes ?? []).map(([key, value]) => [key, value]));
  return keys.flatMap((key) => {
    const value = values.get(key);
    return value ? [decodeDatalogItem(value)] : [];
  });
}
