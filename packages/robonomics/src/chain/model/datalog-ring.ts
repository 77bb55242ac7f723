import { decodeAddress, twox64Concat, twox128, u8aToHex } from '@dedot/utils';
import type { DatalogRecord } from './datalog.ts';
import { Reader } from './scale-reader.ts';

// The layout of an account's datalog ring in storage (Datalog.DatalogIndex and DatalogItem): its
// keys, values and slots, without reading anything.

/** Datalog.WindowSize of the runtime. */
export const DATALOG_WINDOW = 128;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

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

/**
 * RingBufferIndex = {start: Compact<u64>, end: Compact<u64>}: the ring's first and next slot;
 * 0/0 when the account never wrote (no value). Anything after the two numbers is refused.
 */
export function decodeDatalogIndex(value: string | null): { start: number; end: number } {
  if (value === null) return { start: 0, end: 0 };
  const r = new Reader(value);
  const start = Number(r.compactBig());
  const end = Number(r.compactBig());
  r.end('datalog index');
  return { start, end };
}

/** RingBufferItem = (Compact<u64> moment, Bytes record). */
export function decodeDatalogItem(value: string): DatalogRecord {
  const r = new Reader(value);
  const time = Number(r.compactBig());
  const text = decoder.decode(r.take(r.compact()));
  r.end('datalog record');
  return { time, text };
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
