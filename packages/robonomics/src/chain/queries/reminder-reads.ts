import { decodeAddress, twox64Concat, u8aToHex } from '@dedot/utils';
import type { RpcSend } from '../connection/rpc-socket.ts';
import type { SubscriptionKind, SubscriptionLedger } from '../model/ledger.ts';
import { hexBytes, Reader, ScaleDecodeError } from '../model/scale-reader.ts';
import { fetchLastDatalog } from './last-datalog.ts';

/**
 * The public reads behind renewal reminders and the quiet-home check when no chain client runs
 * (the service worker, docs/pwa.md): plain `state_getStorage` calls with storage keys built here
 * and small SCALE decoders, each checked in tests against the metadata's own keys and codecs.
 */

type Hex = `0x${string}`;

/** twox128("RWS") ++ twox128("Ledger"): RWS.Ledger, a Twox64Concat map of AccountId32. */
export const RWS_LEDGER_PREFIX =
  '0xa52ffbbd6ee7b384b3554ba952de6267422adb579f1dbf4f3886c5cfa3bb8cc4';
/** twox128("Timestamp") ++ twox128("Now"): the current block's time in ms, a u64. */
export const TIMESTAMP_NOW_KEY =
  '0xf0c365c3cf59d671eb72da0e7a4113c49f1f0515f462cdcf84e0f1d6045dfcbb';

/** A Twox64Concat map's key for an account: prefix ++ twox64(account) ++ account. */
function accountKey(prefix: string, address: string): Hex {
  return `${prefix}${u8aToHex(twox64Concat(decodeAddress(address))).slice(2)}` as Hex;
}

/** The storage key of an owner's RWS.Ledger entry. */
export const ledgerKey = (owner: string): Hex => accountKey(RWS_LEDGER_PREFIX, owner);

/**
 * RWS.Ledger's value: {free_weight: Compact<u64>, issue_time: Compact<u64>, last_update:
 * Compact<u64>, kind: Lifetime {tps: Compact<u32>} (0) | Daily {days: Compact<u32>} (1)};
 * null when the owner has none.
 */
export function decodeLedger(hex: string | null): SubscriptionLedger | null {
  if (hex === null) return null;
  const r = new Reader(hexBytes(hex));
  const freeWeight = r.compactBig();
  const issueTime = r.compactBig();
  const lastUpdate = r.compactBig();
  const variant = r.u8();
  let kind: SubscriptionKind;
  if (variant === 0) kind = { type: 'Lifetime', tps: r.compact() };
  else if (variant === 1) kind = { type: 'Daily', days: r.compact() };
  else throw new ScaleDecodeError(`Unknown subscription kind ${variant}.`);
  r.end('subscription ledger');
  return { freeWeight, issueTime, lastUpdate, kind };
}

/** Timestamp.Now's value (ms), a u64; null before the first block set it. */
export function decodeMoment(hex: string | null): number | null {
  if (hex === null) return null;
  const r = new Reader(hexBytes(hex));
  const moment = r.unsigned(8);
  r.end('timestamp');
  return Number(moment);
}

/** What the reminder check learns from one node. */
export interface ReminderFacts {
  /** The chain's clock: the newest block's timestamp (ms). */
  chainNow: number;
  /** Each owner's ledger, null when it has none. */
  ledgers: Map<string, SubscriptionLedger | null>;
  /** Each controller's newest datalog record's time (ms), null when it has none. */
  lastRecords: Map<string, number | null>;
}

const asStorage = (value: unknown): string | null => {
  if (value === null) return null;
  if (typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value)) return value;
  throw new ScaleDecodeError('The node answered a storage read with something else.');
};

/**
 * Reads the chain's clock, the owners' ledgers and the controllers' newest datalog records with
 * `state_getStorage` only: public state, nothing else is sent.
 */
export async function readReminderFacts(
  send: RpcSend,
  owners: readonly string[],
  controllers: readonly string[],
): Promise<ReminderFacts> {
  const read = async (key: string) => asStorage(await send('state_getStorage', [key]));
  const newestRecord = async (controller: string): Promise<number | null> =>
    (await fetchLastDatalog(read, controller))?.time ?? null;
  const [now, ledgers, records] = await Promise.all([
    read(TIMESTAMP_NOW_KEY),
    Promise.all(owners.map(async (owner) => [owner, decodeLedger(await read(ledgerKey(owner)))])),
    Promise.all(controllers.map(async (c) => [c, await newestRecord(c)])),
  ]);
  const chainNow = decodeMoment(now);
  if (chainNow === null) throw new ScaleDecodeError('The chain has no timestamp yet.');
  return {
    chainNow,
    ledgers: new Map(ledgers as [string, SubscriptionLedger | null][]),
    lastRecords: new Map(records as [string, number | null][]),
  };
}
