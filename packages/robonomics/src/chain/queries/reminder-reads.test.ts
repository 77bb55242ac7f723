import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { concatU8a, decodeAddress, stringToU8a, u8aToHex, xxhashAsU8a } from '@dedot/utils';
import { $Metadata, PortableRegistry } from 'dedot/codecs';
import { describe, expect, it } from 'vitest';
import { ALICE } from '../../test-support/dev-addresses.ts';
import { datalogIndexKey, datalogItemKey, decodeDatalogIndex } from '../model/datalog-ring.ts';
import { toLedger } from '../model/ledger.ts';
import { ScaleDecodeError } from '../model/scale-reader.ts';
import {
  decodeLedger,
  decodeMoment,
  ledgerKey,
  RWS_LEDGER_PREFIX,
  readReminderFacts,
  TIMESTAMP_NOW_KEY,
} from './reminder-reads.ts';

// The production runtime's metadata (spec 43), which the devnet serves too.
const metadata = $Metadata.tryDecode(
  new Uint8Array(
    readFileSync(
      fileURLToPath(
        new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
      ),
    ),
  ),
);
const registry = new PortableRegistry(metadata.latest);

function entryOf(pallet: string, item: string) {
  const p = metadata.latest.pallets.find((x) => x.name === pallet)!;
  const entry = p.storage!.entries.find((e) => e.name === item)!;
  const prefix = u8aToHex(
    concatU8a(
      xxhashAsU8a(stringToU8a(p.storage!.prefix), 128),
      xxhashAsU8a(stringToU8a(entry.name), 128),
    ),
  );
  return { entry, prefix };
}

/** A map entry's key and value codec, as the metadata describes them. */
function mapOf(pallet: string, item: string) {
  const { entry, prefix } = entryOf(pallet, item);
  if (entry.storageType.type !== 'Map') throw new Error(`${item} is not a map`);
  expect(entry.storageType.value.hashers).toEqual(['twox64Concat']);
  return { prefix, value: registry.findCodec(entry.storageType.value.valueTypeId) };
}

const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';

describe('the reminder reads against the metadata', () => {
  it('build the storage keys the metadata names, with Twox64Concat of the account', () => {
    expect(RWS_LEDGER_PREFIX).toBe(mapOf('RWS', 'Ledger').prefix);
    const now = entryOf('Timestamp', 'Now');
    expect(now.entry.storageType.type).toBe('Plain');
    expect(TIMESTAMP_NOW_KEY).toBe(now.prefix);
    const account = decodeAddress(ALICE);
    const concat = u8aToHex(concatU8a(xxhashAsU8a(account, 64), account)).slice(2);
    expect(ledgerKey(ALICE)).toBe(`${RWS_LEDGER_PREFIX}${concat}`);
    expect(datalogIndexKey(account)).toBe(`${mapOf('Datalog', 'DatalogIndex').prefix}${concat}`);
  });

  it('decode ledgers as the metadata’s codec does, Daily and Lifetime, large numbers too', () => {
    const { value } = mapOf('RWS', 'Ledger');
    const ledgers = [
      {
        freeWeight: 0n,
        issueTime: 1_764_425_100_000n,
        lastUpdate: 1_764_425_100_000n,
        kind: { type: 'Daily', value: { days: 30 } },
      },
      {
        freeWeight: 1_000_000_000_000_000_000n,
        issueTime: 1n,
        lastUpdate: 2n ** 64n - 1n,
        kind: { type: 'Lifetime', value: { tps: 1_000_000 } },
      },
      {
        freeWeight: 63n,
        issueTime: 64n,
        lastUpdate: 16_384n,
        kind: { type: 'Daily', value: { days: 2 ** 32 - 1 } },
      },
    ];
    for (const ledger of ledgers) {
      const hex = u8aToHex(value.tryEncode(ledger));
      expect(decodeLedger(hex)).toEqual(toLedger(value.tryDecode(hex) as never));
    }
    expect(decodeLedger(null)).toBeNull();
    expect(() => decodeLedger('0x00000002')).toThrow(ScaleDecodeError);
    expect(() => decodeLedger(`${u8aToHex(value.tryEncode(ledgers[0]))}00`)).toThrow(
      ScaleDecodeError,
    );
  });

  it('decode the timestamp and the datalog index as the metadata’s codecs do', () => {
    const now = entryOf('Timestamp', 'Now').entry;
    if (now.storageType.type !== 'Plain') throw new Error('not plain');
    const moment = registry.findCodec(now.storageType.value.valueTypeId);
    expect(decodeMoment(u8aToHex(moment.tryEncode(1_764_425_100_123n)))).toBe(1_764_425_100_123);
    expect(decodeMoment(null)).toBeNull();
    const { value } = mapOf('Datalog', 'DatalogIndex');
    for (const index of [
      { start: 0n, end: 0n },
      { start: 3n, end: 2n },
      { start: 64n, end: 127n },
    ]) {
      expect(decodeDatalogIndex(u8aToHex(value.tryEncode(index)))).toEqual({
        start: Number(index.start),
        end: Number(index.end),
      });
    }
    expect(decodeDatalogIndex(null)).toEqual({ start: 0, end: 0 });
  });
});

describe('readReminderFacts', () => {
  const { value: ledgerCodec } = mapOf('RWS', 'Ledger');
  const { value: indexCodec } = mapOf('Datalog', 'DatalogIndex');
  const { value: itemCodec } = mapOf('Datalog', 'DatalogItem');
  const now = entryOf('Timestamp', 'Now').entry;
  if (now.storageType.type !== 'Plain') throw new Error('not plain');
  const momentCodec = registry.findCodec(now.storageType.value.valueTypeId);

  it('reads the clock, each ledger and each controller’s newest record, with state_getStorage only', async () => {
    const storage = new Map<string, string>([
      [TIMESTAMP_NOW_KEY, u8aToHex(momentCodec.tryEncode(5_000n))],
      [
        ledgerKey(ALICE),
        u8aToHex(
          ledgerCodec.tryEncode({
            freeWeight: 1n,
            issueTime: 1_000n,
            lastUpdate: 1_000n,
            kind: { type: 'Daily', value: { days: 30 } },
          }),
        ),
      ],
      // The ring holds slots 126, 127 and 0: the newest is 0.
      [
        datalogIndexKey(decodeAddress(CONTROLLER)),
        u8aToHex(indexCodec.tryEncode({ start: 126n, end: 1n })),
      ],
      [
        datalogItemKey(decodeAddress(CONTROLLER), 0),
        u8aToHex(itemCodec.tryEncode([4_321n, '0x6869'])),
      ],
      [
        datalogItemKey(decodeAddress(CONTROLLER), 127),
        u8aToHex(itemCodec.tryEncode([1_234n, '0x6869'])),
      ],
    ]);
    const methods: string[] = [];
    const send = async (method: string, params: unknown[]) => {
      methods.push(method);
      return storage.get(params[0] as string) ?? null;
    };
    const facts = await readReminderFacts(send, [ALICE, CONTROLLER], [CONTROLLER, ALICE]);
    expect(new Set(methods)).toEqual(new Set(['state_getStorage']));
    expect(facts.chainNow).toBe(5_000);
    expect(facts.ledgers.get(ALICE)).toMatchObject({ issueTime: 1_000n, kind: { days: 30 } });
    expect(facts.ledgers.get(CONTROLLER)).toBeNull();
    expect(facts.lastRecords.get(CONTROLLER)).toBe(4_321);
    expect(facts.lastRecords.get(ALICE)).toBeNull();
  });

  it('fails on answers that are not storage values', async () => {
    await expect(readReminderFacts(async () => 42, [ALICE], [])).rejects.toThrow(ScaleDecodeError);
    await expect(readReminderFacts(async () => null, [ALICE], [])).rejects.toThrow(
      'The chain has no timestamp yet.',
    );
  });
});
