import { toRobonomicsAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { describe, expect, it } from 'vitest';
import type { PendingGift } from '../storage/pending-gifts.ts';
import { giftVerdict } from './pending-gift-check.ts';

const BUYER = toRobonomicsAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
const FRIEND = toRobonomicsAddress('5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty');
const RIVAL = toRobonomicsAddress('5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y');
const GENESIS = `0x${'ab'.repeat(32)}`;
const NOW = 1_700_000_100_000;
const ISSUED = 1_700_000_050_000n;

const gift: PendingGift = {
  buyer: BUYER,
  beneficiary: FRIEND,
  genesis: GENESIS,
  auction: 3,
  at: 1_700_000_000_000,
  issueTime: null,
};
const ledger = (issueTime = ISSUED): SubscriptionLedger => ({
  freeWeight: 0n,
  issueTime,
  lastUpdate: issueTime,
  kind: { type: 'Daily', days: 30 },
});
const facts = {
  buyer: BUYER,
  genesis: GENESIS,
  auction: { state: 'closed' as const, winner: BUYER },
  ledger: ledger(),
  now: NOW,
};
const reasonOf = (verdict: ReturnType<typeof giftVerdict>) =>
  verdict.act === 'drop' ? verdict.reason : null;

describe('a kept gift held to the chain', () => {
  it('offers the hand-over of the subscription its won auction wrote, binding it when first seen', () => {
    expect(giftVerdict(gift, facts)).toEqual({ act: 'offer', bind: ISSUED.toString() });
    expect(giftVerdict({ ...gift, issueTime: ISSUED.toString() }, facts)).toEqual({
      act: 'offer',
      bind: null,
    });
  });

  it('waits while the auction is open and the buyer leads it', () => {
    expect(
      giftVerdict(gift, { ...facts, auction: { state: 'open', winner: BUYER }, ledger: null }),
    ).toEqual({ act: 'wait' });
  });

  it('drops a gift of another chain, whatever its auction says', () => {
    const reason = reasonOf(giftVerdict(gift, { ...facts, genesis: `0x${'CD'.repeat(32)}` }));
    expect(reason).toContain(`was bought on another chain (genesis ${GENESIS})`);
    expect(reason).toContain(`(0x${'cd'.repeat(32)})`);
    // The same chain, written in capitals by a node, is this chain.
    expect(giftVerdict(gift, { ...facts, genesis: GENESIS.toUpperCase() }).act).toBe('offer');
  });

  it('drops a gift whose auction someone else won, or nobody did, or that does not exist', () => {
    for (const auction of [
      { state: 'closed' as const, winner: RIVAL },
      { state: 'open' as const, winner: RIVAL },
      { state: 'closed' as const, winner: null },
    ]) {
      expect(reasonOf(giftVerdict(gift, { ...facts, auction }))).toMatch(
        /^Someone else won auction #3, the one you bid on for .+: your bid was returned and there is no subscription for them to hand over, so the gift was removed\. Nothing was transferred/,
      );
    }
    expect(reasonOf(giftVerdict(gift, { ...facts, auction: { state: 'missing' } }))).toMatch(
      /names auction #3, which this chain does not have/,
    );
  });

  it('never offers another subscription than the one the purchase created', () => {
    const bound = { ...gift, issueTime: ISSUED.toString() };
    expect(reasonOf(giftVerdict(bound, { ...facts, ledger: ledger(ISSUED + 1n) }))).toMatch(
      /is no longer the one bought for .+ the app does not offer to hand over any other subscription/,
    );
    expect(reasonOf(giftVerdict(bound, { ...facts, ledger: null }))).toMatch(
      /has no subscription any more/,
    );
    // Ended before the hand-over: 30 days after its issue.
    expect(
      reasonOf(giftVerdict(bound, { ...facts, now: Number(ISSUED) + 31 * 86_400_000 })),
    ).toMatch(/ended before it was handed over/);
  });

  it('drops a gift of another buyer', () => {
    expect(reasonOf(giftVerdict(gift, { ...facts, buyer: RIVAL }))).toMatch(
      /bought by another account/,
    );
  });
});
