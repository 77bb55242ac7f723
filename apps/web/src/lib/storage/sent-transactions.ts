import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  normalizeGenesisHash,
  sameGenesis,
} from '@robonomics-dapp/robonomics/chain/network/genesis-hash';
import { safeStorage } from './safe-storage.ts';
import { SENT_TRANSACTIONS_KEY } from './sent-transactions-key.ts';

// Every transaction this browser signed, kept from the moment it is signed (before the node has
// it) until its end is known and shown: what finds it in the chain's blocks (hash, window), who
// sent it with which nonce, what it was for and when (docs/transactions.md). A tab closed or a
// link dropped on the way loses nothing: the app looks for it again on the next visit.

/** At most this many records are kept: those still pending always, then the newest. */
const MAX_RECORDS = 100;
/** An ended record is kept this long after its end (for the notice of a later visit). */
const KEEP_ENDED_MS = 30 * 24 * 3600_000;

export type SentPurpose =
  | 'purchase'
  | 'device list'
  | 'launch'
  | 'transfer'
  | 'subscription transfer'
  | 'twin'
  | 'record'
  | 'payment';

export type SentEnd =
  /** In final block `block` (its hash, and the transaction's place in it); it ran. */
  | { kind: 'succeeded'; block: number; blockHash: string; index: number; at: number }
  /** In final block `block`; the chain refused it, for `reason`. */
  | { kind: 'failed'; block: number; reason: string; at: number }
  /** Never included: its window (up to `block`) passed, nothing was spent. */
  | { kind: 'expired'; block: number; at: number };

export interface SentRecord {
  hash: `0x${string}`;
  /** The chain it was sent to (lower case). */
  genesisHash: string;
  /** The node it was handed to: the network, until a node tells its chain again. */
  endpoint?: string;
  sender: string;
  nonce: number;
  /** The blocks it may be included in: birth to death - 1. */
  birth: number;
  death: number;
  purpose: SentPurpose;
  /** What it does, in the user's words ("a bid for a subscription"). */
  what: string;
  /** When it was signed (ms). */
  sentAt: number;
  /** blake2-256 of the call it makes: the same action signed twice in a row is asked about. */
  callHash?: `0x${string}`;
  /** The last final block searched without finding it. */
  searchedTo?: number;
  /**
   * The node refused it when it was handed over: not in any block, and said so. It is still
   * followed until its window passes, in case the node passed it on all the same.
   */
  refused?: { reason: string; at: number };
  end?: SentEnd;
  /** The end was shown to the user. */
  seen?: boolean;
}

const PURPOSES: readonly SentPurpose[] = [
  'purchase',
  'device list',
  'launch',
  'transfer',
  'subscription transfer',
  'twin',
  'record',
  'payment',
];
const HASH = /^0x[0-9a-f]{64}$/;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The end as kept, if it is one. */
function parseEnd(value: unknown): SentEnd | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const end = value as Record<string, unknown>;
  if (!isCount(end.block) || !isCount(end.at)) return undefined;
  if (end.kind === 'succeeded' && typeof end.blockHash === 'string' && HASH.test(end.blockHash)) {
    return {
      kind: 'succeeded',
      block: end.block,
      blockHash: end.blockHash,
      index: isCount(end.index) ? end.index : 0,
      at: end.at,
    };
  }
  if (end.kind === 'expired') return { kind: 'expired', block: end.block, at: end.at };
  if (end.kind === 'failed' && typeof end.reason === 'string') {
    return { kind: 'failed', block: end.block, reason: end.reason.slice(0, 500), at: end.at };
  }
  return undefined;
}

/** A kept record, checked field by field; null when it is not one the app can act on. */
export function parseSentRecord(value: unknown): SentRecord | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  const genesisHash = normalizeGenesisHash(r.genesisHash);
  if (
    typeof r.hash !== 'string' ||
    !HASH.test(r.hash) ||
    !genesisHash ||
    typeof r.sender !== 'string' ||
    r.sender.length > 64 ||
    !isValidAddress(r.sender) ||
    !isCount(r.nonce) ||
    !isCount(r.birth) ||
    !isCount(r.death) ||
    r.death <= r.birth ||
    !PURPOSES.includes(r.purpose as SentPurpose) ||
    typeof r.what !== 'string' ||
    !isCount(r.sentAt)
  ) {
    return null;
  }
  const end = parseEnd(r.end);
  if (r.end !== undefined && !end) return null;
  const refused =
    r.refused && typeof r.refused === 'object' ? (r.refused as Record<string, unknown>) : undefined;
  return {
    hash: r.hash as `0x${string}`,
    genesisHash,
    ...(typeof r.endpoint === 'string' && r.endpoint.length <= 2048
      ? { endpoint: r.endpoint }
      : {}),
    sender: r.sender,
    nonce: r.nonce,
    birth: r.birth,
    death: r.death,
    purpose: r.purpose as SentPurpose,
    what: r.what.slice(0, 200),
    sentAt: r.sentAt,
    ...(typeof r.callHash === 'string' && HASH.test(r.callHash)
      ? { callHash: r.callHash as `0x${string}` }
      : {}),
    ...(isCount(r.searchedTo) ? { searchedTo: r.searchedTo } : {}),
    ...(refused && typeof refused.reason === 'string' && isCount(refused.at)
      ? { refused: { reason: refused.reason.slice(0, 500), at: refused.at } }
      : {}),
    ...(end ? { end } : {}),
    ...(r.seen === true ? { seen: true } : {}),
  };
}

export interface KeptRecords {
  records: SentRecord[];
  /** How many kept entries could not be read (they are dropped at the next write). */
  unreadable: number;
}

/** Every record kept in this browser, checked. */
export function readSentRecords(): KeptRecords {
  let parsed: unknown;
  try {
    parsed = JSON.parse(safeStorage.get(SENT_TRANSACTIONS_KEY) ?? '[]');
  } catch {
    return { records: [], unreadable: 1 };
  }
  if (!Array.isArray(parsed)) return { records: [], unreadable: 1 };
  const records = parsed.map(parseSentRecord);
  const kept = records.filter((r): r is SentRecord => r !== null);
  return { records: kept, unreadable: records.length - kept.length };
}

/**
 * Writes the records back: pending ones always, ended ones for a month, the newest first, at
 * most MAX_RECORDS. False when the browser keeps nothing (the caller says so).
 */
export function writeSentRecords(records: readonly SentRecord[], now = Date.now()): boolean {
  const kept = records
    .filter((r) => !r.end || now - r.end.at < KEEP_ENDED_MS)
    .sort((a, b) => Number(!!a.end) - Number(!!b.end) || b.sentAt - a.sentAt)
    .slice(0, MAX_RECORDS);
  return safeStorage.set(SENT_TRANSACTIONS_KEY, JSON.stringify(kept));
}

/** The records of one account on one chain, the newest first. */
export function recordsOf(
  records: readonly SentRecord[],
  genesisHash: string,
  sender: string,
): SentRecord[] {
  return records
    .filter((r) => sameGenesis(r.genesisHash, genesisHash) && addressEq(r.sender, sender))
    .sort((a, b) => b.sentAt - a.sentAt);
}
