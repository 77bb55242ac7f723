import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { transferTargetProblem } from '@robonomics-dapp/robonomics/rws/transfer';
import { keepingRefusal, keyKeepingCheck } from '../user-key/key-keeping-check.ts';
import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';
import { keyKeeping } from './key-keeping.ts';
import { isSealText, keptSealKey, sealKeyToKeep, sealWith, verifyWith } from './record-seal.ts';
import { safeStorage } from './safe-storage.ts';

/**
 * Subscriptions bought here for someone else, per endpoint and buyer, until they are handed over
 * (docs/product-rules.md, "Buying for someone else"): the bid is the buyer's, and once its auction
 * is won the app offers the transfer to the beneficiary, across reloads. A record is the user's
 * own choice only as long as nothing else wrote it: it names the buyer, the chain (its genesis
 * hash), the auction bid on and, once seen, the issue time of the ledger that auction wrote, and it
 * is sealed (record-seal.ts). A record that does not parse, is not sealed by this browser or does
 * not match is never acted on: it is removed, and the page says why.
 */
export const PENDING_GIFTS_KEY = 'robonomics-dapp.pending-gifts.v2';
/** The first version: a beneficiary and a time, bound to nothing (read only to remove it). */
const FIRST_VERSION_KEY = 'robonomics-dapp.pending-gifts.v1';
/** At most 50 records of under 400 characters each: an entry much larger is not the app's. */
const MAX_ENTRY_CHARS = 64 * 1024;
/** An SS58 address is read up to this length (the longest real one is 50 characters). */
const MAX_ADDRESS_CHARS = 64;
const MAX_U32 = 0xffff_ffff;
const MAX_U64 = 0xffff_ffff_ffff_ffffn;

export interface PendingGift {
  buyer: string;
  beneficiary: string;
  /** The chain's genesis hash, 0x-hex in lower case. */
  genesis: string;
  /** The RWS auction the buyer bid on. */
  auction: number;
  /** When the bid went in (ms, this browser's clock). */
  at: number;
  /** The issue time (ms, decimal) of the ledger the won auction wrote; null until seen. */
  issueTime: string | null;
}

const FIELDS = ['buyer', 'beneficiary', 'genesis', 'auction', 'at', 'issueTime', 'seal'] as const;

/** A kept record read: the gift and its seal, or what is wrong with it, in words. */
export type ParsedGift =
  | { ok: true; gift: PendingGift; seal: string }
  | { ok: false; problem: string };

function addressProblem(value: unknown, what: string): string | null {
  if (typeof value !== 'string' || value.length > MAX_ADDRESS_CHARS || !isValidAddress(value)) {
    return `its ${what} is not an account address`;
  }
  return null;
}

/**
 * Reads one kept record without trusting it: exactly the fields the app writes, each in its
 * bounds (addresses SS58 and the beneficiary as a subscription's new owner is checked, a 32-byte
 * genesis hash, the auction a u32, the issue time a u64). Says what is wrong otherwise.
 */
export function parseKeptGift(value: unknown): ParsedGift {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'it is not a record' };
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== FIELDS.length || !FIELDS.every((field) => keys.includes(field))) {
    return { ok: false, problem: 'it does not have the fields the app writes' };
  }
  const { buyer, beneficiary, genesis, auction, at, issueTime, seal } = record;
  const problem =
    addressProblem(buyer, 'buyer') ??
    addressProblem(beneficiary, 'beneficiary') ??
    (transferTargetProblem(beneficiary as string, buyer as string) === null
      ? null
      : 'its beneficiary cannot receive the subscription') ??
    (typeof genesis === 'string' && /^0x[0-9a-f]{64}$/.test(genesis)
      ? null
      : 'its chain is not a genesis hash') ??
    (Number.isSafeInteger(auction) && (auction as number) >= 0 && (auction as number) <= MAX_U32
      ? null
      : 'its auction is not an auction number') ??
    (Number.isSafeInteger(at) && (at as number) > 0 ? null : 'its time is not a time') ??
    (issueTime === null ||
    (typeof issueTime === 'string' && /^\d{1,20}$/.test(issueTime) && BigInt(issueTime) <= MAX_U64)
      ? null
      : 'its issue time is not a time') ??
    (isSealText(seal) ? null : 'it carries no seal');
  if (problem) return { ok: false, problem };
  return {
    ok: true,
    gift: {
      buyer: buyer as string,
      beneficiary: beneficiary as string,
      genesis: genesis as string,
      auction: auction as number,
      at: at as number,
      issueTime: issueTime as string | null,
    },
    seal: seal as string,
  };
}

/** What the seal covers: every field, in a fixed order, with the endpoint the record is kept for. */
export function sealedText(endpoint: string, gift: PendingGift): string {
  return JSON.stringify([
    'pending-gift/2',
    endpoint,
    gift.buyer,
    gift.beneficiary,
    gift.genesis,
    gift.auction,
    gift.at,
    gift.issueTime,
  ]);
}

/** The buyer as records name it: the Robonomics format, whatever format the wallet gives. */
const asKept = (buyer: string) => (isValidAddress(buyer) ? toRobonomicsAddress(buyer) : buyer);

/** Gifts of this tab where keys, and so the seal, are not kept: they last until it is closed. */
const inThisTab = new Map<string, PendingGift>();

/** What is kept for a buyer: nothing, a gift to check on the chain, or a record removed and why. */
export type KeptGiftRead =
  | { kind: 'none' }
  | { kind: 'gift'; gift: PendingGift; keptInTabOnly: boolean }
  | { kind: 'removed'; reason: string };

/** Called whenever a gift is written or forgotten, in this tab or another. */
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Calls `listener` on every change of the kept gifts; returns how to stop. */
export function watchPendingGifts(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PENDING_GIFTS_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** Said after every removal: nothing was signed, and how to hand the subscription over anyway. */
export const NOTHING_TRANSFERRED =
  'Nothing was transferred: if your subscription is meant for someone, hand it over with "Transfer the subscription" on Your setup.';

function removeKept(endpoint: string, buyer: string): void {
  const raw = safeStorage.get(PENDING_GIFTS_KEY);
  if (raw === null) return;
  if (raw.length > MAX_ENTRY_CHARS) safeStorage.remove(PENDING_GIFTS_KEY);
  else {
    safeStorage.set(
      PENDING_GIFTS_KEY,
      withAccountRecord(raw, endpoint, buyer, null, (g: PendingGift) => g.at),
    );
  }
}

/**
 * The gift kept for `buyer` on `endpoint`, checked as a record (parse, bounds, buyer, seal) but not
 * yet against the chain (pending-gift-check.ts does that). A record that fails is removed here.
 */
export async function readPendingGift(endpoint: string, wallet: string): Promise<KeptGiftRead> {
  const buyer = asKept(wallet);
  const key = accountKey(endpoint, buyer);
  const inTab = inThisTab.get(key);
  if (inTab) return { kind: 'gift', gift: inTab, keptInTabOnly: true };
  const removed = (why: string): KeptGiftRead => {
    removeKept(endpoint, buyer);
    return { kind: 'removed', reason: `${why} ${NOTHING_TRANSFERRED}` };
  };
  // The first version's records name nothing to check them by.
  const old = readAccountRecords(safeStorage.get(FIRST_VERSION_KEY));
  if (key in old) {
    delete old[key];
    if (Object.keys(old).length === 0) safeStorage.remove(FIRST_VERSION_KEY);
    else safeStorage.set(FIRST_VERSION_KEY, JSON.stringify(old));
    return {
      kind: 'removed',
      reason: `A gift kept by an earlier version of the app was removed without acting on it: it does not say which chain and auction it came from, so it cannot be checked. ${NOTHING_TRANSFERRED}`,
    };
  }
  const raw = safeStorage.get(PENDING_GIFTS_KEY);
  if (raw === null) return { kind: 'none' };
  if (raw.length > MAX_ENTRY_CHARS) {
    return removed(
      'The gifts kept in this browser were removed without acting on them: their record is far larger than anything the app writes.',
    );
  }
  const value = readAccountRecords(raw)[key];
  if (value === undefined) return { kind: 'none' };
  const parsed = parseKeptGift(value);
  if (!parsed.ok) {
    return removed(
      `The gift kept in this browser for this account was removed without acting on it: ${parsed.problem}.`,
    );
  }
  if (!addressEq(parsed.gift.buyer, buyer)) {
    return removed(
      'The gift kept in this browser for this account names another buyer, so it was removed without acting on it.',
    );
  }
  // Where keys may not be kept, so may no seal: any page of this origin could have written it.
  const sealKey = keyKeeping.allowed ? await keptSealKey() : null;
  const genuine =
    sealKey !== null &&
    (await verifyWith(sealKey, sealedText(endpoint, parsed.gift), parsed.seal).catch(() => false));
  if (!genuine) {
    return removed(
      'The gift kept in this browser for this account was not written by the app as it reads now (it was changed, or it was written where records cannot be sealed), so it was removed without acting on it.',
    );
  }
  return { kind: 'gift', gift: parsed.gift, keptInTabOnly: false };
}

/**
 * Remembers a gift, sealed, where this visit found that keys may be kept; elsewhere (refused, no
 * answer) in this tab only, and says why. Returns null when it was kept, else the reason.
 */
export async function writePendingGift(
  endpoint: string,
  gift: PendingGift,
): Promise<string | null> {
  const record: PendingGift = {
    ...gift,
    buyer: asKept(gift.buyer),
    genesis: gift.genesis.toLowerCase(),
  };
  const key = accountKey(endpoint, record.buyer);
  const refusal = keepingRefusal(await keyKeepingCheck.answered());
  if (refusal) {
    inThisTab.set(key, record);
    changed();
    return refusal;
  }
  const seal = await sealWith(await sealKeyToKeep(), sealedText(endpoint, record));
  inThisTab.delete(key);
  const kept = safeStorage.set(
    PENDING_GIFTS_KEY,
    withAccountRecord(
      safeStorage.get(PENDING_GIFTS_KEY),
      endpoint,
      record.buyer,
      { ...record, seal },
      (g: PendingGift) => g.at,
    ),
  );
  if (!kept) inThisTab.set(key, record);
  changed();
  return kept ? null : 'This browser did not let the app save data.';
}

/** Forgets the gift of a buyer (handed over, given up, or removed as not acted on). */
export function forgetPendingGift(endpoint: string, wallet: string): void {
  const buyer = asKept(wallet);
  inThisTab.delete(accountKey(endpoint, buyer));
  removeKept(endpoint, buyer);
  changed();
}
