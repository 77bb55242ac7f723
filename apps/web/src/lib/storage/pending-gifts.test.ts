import { toRobonomicsAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { describe, expect, it } from 'vitest';
import { accountKey } from './account-records.ts';
import {
  forgetPendingGift,
  PENDING_GIFTS_KEY,
  type PendingGift,
  parseKeptGift,
  readPendingGift,
  sealedText,
  writePendingGift,
} from './pending-gifts.ts';
import { makeSealKey, sealWith, verifyWith } from './record-seal.ts';

const BUYER = toRobonomicsAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
const FRIEND = toRobonomicsAddress('5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty');
const CHARLIE = toRobonomicsAddress('5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y');
const GENESIS = `0x${'ab'.repeat(32)}`;
const ENDPOINT = 'ws://127.0.0.1:9944';

const gift: PendingGift = {
  buyer: BUYER,
  beneficiary: FRIEND,
  genesis: GENESIS,
  auction: 7,
  at: 1_700_000_000_000,
  issueTime: null,
};
const SEAL = 'A'.repeat(43);
const kept = (patch: Record<string, unknown> = {}) => ({ ...gift, seal: SEAL, ...patch });
const problemOf = (value: unknown) => {
  const parsed = parseKeptGift(value);
  return parsed.ok ? null : parsed.problem;
};

describe('a kept gift, read without trusting it', () => {
  it('reads a record as the app writes it', () => {
    expect(parseKeptGift(kept())).toEqual({ ok: true, gift, seal: SEAL });
    expect(parseKeptGift(kept({ issueTime: '1700000000123' }))).toMatchObject({
      ok: true,
      gift: { issueTime: '1700000000123' },
    });
  });

  it('refuses anything but the fields the app writes', () => {
    expect(problemOf(null)).toBe('it is not a record');
    expect(problemOf([kept()])).toBe('it is not a record');
    expect(problemOf({ beneficiary: FRIEND, at: 1 })).toBe(
      'it does not have the fields the app writes',
    );
    expect(problemOf(kept({ extra: 1 }))).toBe('it does not have the fields the app writes');
    const { seal: _seal, ...unsealed } = kept();
    expect(problemOf(unsealed)).toBe('it does not have the fields the app writes');
  });

  it('holds addresses to SS58 and the beneficiary to what a new owner must be', () => {
    expect(problemOf(kept({ buyer: 'not an address' }))).toBe(
      'its buyer is not an account address',
    );
    expect(problemOf(kept({ beneficiary: `${FRIEND}x` }))).toBe(
      'its beneficiary is not an account address',
    );
    // Read no further than an address can be long: base58 costs grow with the square.
    expect(problemOf(kept({ beneficiary: '4'.repeat(65) }))).toBe(
      'its beneficiary is not an account address',
    );
    // Another network's format, and the buyer itself, cannot receive the subscription.
    expect(
      problemOf(kept({ beneficiary: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty' })),
    ).toBe('its beneficiary cannot receive the subscription');
    expect(problemOf(kept({ beneficiary: BUYER }))).toBe(
      'its beneficiary cannot receive the subscription',
    );
  });

  it('holds the chain, the auction, the times and the seal to their bounds', () => {
    expect(problemOf(kept({ genesis: GENESIS.slice(0, -2) }))).toBe(
      'its chain is not a genesis hash',
    );
    expect(problemOf(kept({ genesis: GENESIS.toUpperCase() }))).toBe(
      'its chain is not a genesis hash',
    );
    for (const auction of [-1, 1.5, 2 ** 32, '7', null]) {
      expect(problemOf(kept({ auction })), String(auction)).toBe(
        'its auction is not an auction number',
      );
    }
    expect(problemOf(kept({ auction: 2 ** 32 - 1 }))).toBeNull();
    for (const at of [0, -5, 1e300, '1700000000000']) {
      expect(problemOf(kept({ at })), String(at)).toBe('its time is not a time');
    }
    for (const issueTime of [1_700_000_000_000, '-1', '1e12', '18446744073709551616', '']) {
      expect(problemOf(kept({ issueTime })), String(issueTime)).toBe(
        'its issue time is not a time',
      );
    }
    expect(problemOf(kept({ issueTime: '18446744073709551615' }))).toBeNull();
    for (const seal of ['', 'A'.repeat(42), `${'A'.repeat(42)}=`, 42]) {
      expect(problemOf(kept({ seal })), String(seal)).toBe('it carries no seal');
    }
  });
});

describe('the seal of a kept gift', () => {
  it('verifies the record it was made for, and nothing changed in it', async () => {
    const key = await makeSealKey();
    const seal = await sealWith(key, sealedText(ENDPOINT, gift));
    expect(parseKeptGift({ ...gift, seal }).ok).toBe(true);
    expect(await verifyWith(key, sealedText(ENDPOINT, gift), seal)).toBe(true);
    const changed: PendingGift[] = [
      { ...gift, beneficiary: CHARLIE },
      { ...gift, genesis: `0x${'cd'.repeat(32)}` },
      { ...gift, auction: 8 },
      { ...gift, at: gift.at + 1 },
      { ...gift, issueTime: '1' },
    ];
    for (const other of changed) {
      expect(await verifyWith(key, sealedText(ENDPOINT, other), seal)).toBe(false);
    }
    // Bound to the endpoint it is kept for, and to the key that made it.
    expect(await verifyWith(key, sealedText('wss://other.example', gift), seal)).toBe(false);
    expect(await verifyWith(await makeSealKey(), sealedText(ENDPOINT, gift), seal)).toBe(false);
  });
});

describe('kept gifts in this browser', () => {
  const keep = (records: Record<string, unknown>) =>
    localStorage.setItem(PENDING_GIFTS_KEY, JSON.stringify(records));
  const keptNow = () => JSON.parse(localStorage.getItem(PENDING_GIFTS_KEY) ?? '{}');

  it('removes a record that does not parse, and says why', async () => {
    keep({ [accountKey(ENDPOINT, BUYER)]: kept({ auction: 'seven' }) });
    const read = await readPendingGift(ENDPOINT, BUYER);
    expect(read).toMatchObject({ kind: 'removed' });
    expect(read.kind === 'removed' && read.reason).toMatch(
      /^The gift kept in this browser for this account was removed without acting on it: its auction is not an auction number\. Nothing was transferred/,
    );
    expect(keptNow()).toEqual({});
  });

  it('removes a record kept under the buyer that names another buyer', async () => {
    keep({ [accountKey(ENDPOINT, FRIEND)]: kept() });
    const read = await readPendingGift(ENDPOINT, FRIEND);
    expect(read.kind === 'removed' && read.reason).toMatch(/names another buyer/);
  });

  it('removes a well-formed record that no kept key sealed', async () => {
    keep({ [accountKey(ENDPOINT, BUYER)]: kept(), [accountKey(ENDPOINT, FRIEND)]: 'other' });
    const read = await readPendingGift(ENDPOINT, BUYER);
    expect(read.kind === 'removed' && read.reason).toMatch(/was not written by the app/);
    // Only this buyer's record goes.
    expect(Object.keys(keptNow())).toEqual([accountKey(ENDPOINT, FRIEND)]);
  });

  it('removes a first-version record, which names nothing to check it by', async () => {
    localStorage.setItem(
      'robonomics-dapp.pending-gifts.v1',
      JSON.stringify({ [accountKey(ENDPOINT, BUYER)]: { beneficiary: FRIEND, at: 1 } }),
    );
    const read = await readPendingGift(ENDPOINT, BUYER);
    expect(read.kind === 'removed' && read.reason).toMatch(/earlier version of the app/);
    expect(localStorage.getItem('robonomics-dapp.pending-gifts.v1')).toBeNull();
    expect(await readPendingGift(ENDPOINT, BUYER)).toEqual({ kind: 'none' });
  });

  it('removes an entry far larger than the app writes, without parsing it', async () => {
    localStorage.setItem(PENDING_GIFTS_KEY, `{"x":"${'a'.repeat(70_000)}"}`);
    const read = await readPendingGift(ENDPOINT, BUYER);
    expect(read.kind === 'removed' && read.reason).toMatch(/far larger/);
    expect(localStorage.getItem(PENDING_GIFTS_KEY)).toBeNull();
  });

  it('keeps a gift in this tab only where keys may not be kept, and says why', async () => {
    // This test page's address is not one of the app's own: keys are not kept here.
    const refusal = await writePendingGift(ENDPOINT, gift);
    expect(refusal).toMatch(/not one of the app's own addresses/);
    expect(localStorage.getItem(PENDING_GIFTS_KEY)).toBeNull();
    expect(await readPendingGift(ENDPOINT, BUYER)).toEqual({
      kind: 'gift',
      gift,
      keptInTabOnly: true,
    });
    forgetPendingGift(ENDPOINT, BUYER);
    expect(await readPendingGift(ENDPOINT, BUYER)).toEqual({ kind: 'none' });
  });
});
