import { encodeAddress, twox64Concat, twox128, u8aToHex } from '@dedot/utils';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';
import type { TwinTopics } from '../model/twin.ts';
import type { StorageReader } from './storage-reader.ts';

const encoder = new TextEncoder();

/**
 * DigitalTwin.DigitalTwin(id) keys: twox128("DigitalTwin") ++ twox128("DigitalTwin") ++
 * twox64Concat(id as u32 LE).
 */
export function twinMapKey(id: number): string {
  const arg = new Uint8Array(4);
  new DataView(arg.buffer).setUint32(0, id, true);
  const pallet = twox128(encoder.encode('DigitalTwin'));
  return u8aToHex(new Uint8Array([...pallet, ...pallet, ...twox64Concat(arg)]));
}

/** BTreeMap<H256, AccountId32>: a compact count, then each 32-byte topic and 32-byte account. */
export function decodeTwinMap(value: string): TwinTopics {
  const clean = value.startsWith('0x') ? value.slice(2) : value;
  const bytes = Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  const mode = bytes[0]! & 3;
  if (mode > 1) throw new Error('A twin with more than 16383 topics is not supported.');
  const count = mode === 0 ? bytes[0]! >> 2 : (bytes[0]! | (bytes[1]! << 8)) >> 2;
  let at = mode === 0 ? 1 : 2;
  if (bytes.length < at + count * 64) throw new Error('The twin map is cut short.');
  const topics: TwinTopics = [];
  for (let i = 0; i < count; i++, at += 64) {
    topics.push({
      topic: u8aToHex(bytes.subarray(at, at + 32)),
      source: encodeAddress(bytes.subarray(at + 32, at + 64), ROBONOMICS_SS58),
    });
  }
  return topics;
}

/**
 * One twin's topics and their sources, read by storage key (no metadata: it runs as soon as the
 * node's socket is open). A twin that does not exist has none.
 */
export async function fetchTwinMap(read: StorageReader, id: number): Promise<TwinTopics> {
  const value = await read(twinMapKey(id) as `0x${string}`);
  return value ? decodeTwinMap(value) : [];
}
