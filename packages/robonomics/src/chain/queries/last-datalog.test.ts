import { describe, expect, it } from 'vitest';
import { datalogIndexKey, datalogItemKey, decodeDatalogIndex } from '../model/datalog-ring.ts';
import { fetchLastDatalog } from './last-datalog.ts';
import type { StorageReader } from './storage-reader.ts';

// Read from the devnet with @polkadot/api's metadata-driven codec: the key of
// Datalog.DatalogIndex(controller) and its value {start: 0, end: 1} (two compact u64).
const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const CONTROLLER_KEY = Uint8Array.from(
  '7b4344ead732d6beeeded95d39e330ef0c16ae806046b296737dababb8a0b80d'.match(/../g)!,
  (b) => Number.parseInt(b, 16),
);
const INDEX_KEY =
  '0x92972a1d208817aa0e44c51623d2d2f938fd5ac7b43b1f204c4541ac6563f063e9c74ab1b52997ef7b4344ead732d6beeeded95d39e330ef0c16ae806046b296737dababb8a0b80d';

/** (Compact<u64> moment, Bytes record) of a record written at `moment` with `text`. */
function item(moment: number, text: string): string {
  const bytes = new TextEncoder().encode(text);
  const hex = (a: number[] | Uint8Array) =>
    Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
  // Compact: 4-byte mode for the moment, 1-byte mode for the short length.
  const m = (moment << 2) | 2;
  return `0x${hex([m & 255, (m >>> 8) & 255, (m >>> 16) & 255, (m >>> 24) & 255])}${hex([bytes.length << 2])}${hex(bytes)}`;
}

function reader(values: Record<string, string>): StorageReader & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    async (key: `0x${string}`) => {
      asked.push(key);
      return values[key] ?? null;
    },
    { asked },
  );
}

describe("an account's last datalog record, by storage key", () => {
  it('reads the ring index, then the slot before its end', async () => {
    expect(datalogIndexKey(CONTROLLER_KEY)).toBe(INDEX_KEY);
    expect(decodeDatalogIndex('0x0004')).toEqual({ start: 0, end: 1 });
    const read = reader({
      [INDEX_KEY]: '0x0010',
      [datalogItemKey(CONTROLLER_KEY, 3)]: item(1_000_000, 'QmStates'),
    });
    expect(await fetchLastDatalog(read, CONTROLLER)).toEqual({ time: 1_000_000, text: 'QmStates' });
    expect(read.asked).toEqual([INDEX_KEY, datalogItemKey(CONTROLLER_KEY, 3)]);
  });

  it('wraps around the ring, and says none when the ring is empty or missing', async () => {
    // start 5, end 0: the last record is in the ring's last slot (127).
    const wrapped = reader({
      [INDEX_KEY]: '0x1400',
      [datalogItemKey(CONTROLLER_KEY, 127)]: item(7, 'QmLast'),
    });
    expect(await fetchLastDatalog(wrapped, CONTROLLER)).toEqual({ time: 7, text: 'QmLast' });
    expect(await fetchLastDatalog(reader({ [INDEX_KEY]: '0x0808' }), CONTROLLER)).toBeNull();
    expect(await fetchLastDatalog(reader({}), CONTROLLER)).toBeNull();
  });
});
