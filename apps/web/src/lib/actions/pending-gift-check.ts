import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  type AuctionOutcome,
  fetchAuctionOutcome,
} from '@robonomics-dapp/robonomics/chain/queries/auction-outcome';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import {
  forgetPendingGift,
  NOTHING_TRANSFERRED,
  type PendingGift,
  readPendingGift,
  writePendingGift,
} from '../storage/pending-gifts.ts';
import { formatDate } from '../time/format-date.ts';

/** What the chain says about a kept gift, as pending-gift-check decides it. */
export type GiftVerdict =
  | { act: 'drop'; reason: string }
  | { act: 'wait' }
  /** Offer the hand-over; `bind` is the ledger's issue time to record first (first seen now). */
  | { act: 'offer'; bind: string | null };

/**
 * Decides a kept gift from the chain's facts (docs/product-rules.md, "Buying for someone else"):
 * only the subscription the gift's purchase created is ever offered. Another chain, an auction
 * that does not exist or that someone else won, no subscription, a subscription issued at another
 * time than the one the purchase created (a later purchase, a transfer in), or one that has ended:
 * dropped, with why. An auction still open (won by the buyer so far): wait.
 */
export function giftVerdict(
  gift: PendingGift,
  facts: {
    buyer: string;
    genesis: string;
    auction: AuctionOutcome;
    ledger: SubscriptionLedger | null;
    now: number;
  },
): GiftVerdict {
  const them = gift.beneficiary;
  const drop = (why: string): GiftVerdict => ({
    act: 'drop',
    reason: `${why} ${NOTHING_TRANSFERRED}`,
  });
  if (!addressEq(gift.buyer, facts.buyer)) {
    return drop(`The gift for ${them} was bought by another account, so it was removed.`);
  }
  if (gift.genesis !== facts.genesis.toLowerCase()) {
    return drop(
      `The gift for ${them} was bought on another chain (genesis ${gift.genesis}) than the one this node serves (${facts.genesis.toLowerCase()}), so it was removed.`,
    );
  }
  const { auction } = facts;
  if (auction.state === 'missing') {
    return drop(
      `The gift for ${them} names auction #${gift.auction}, which this chain does not have, so it was removed.`,
    );
  }
  if (!auction.winner || !addressEq(auction.winner, facts.buyer)) {
    return drop(
      `Someone else won auction #${gift.auction}, the one you bid on for ${them} on ${formatDate(gift.at)}: your bid was returned and there is no subscription for them to hand over, so the gift was removed.`,
    );
  }
  if (auction.state === 'open') return { act: 'wait' };
  const { ledger } = facts;
  if (!ledger) {
    return drop(
      `This account has no subscription any more to hand to ${them} (it was handed over or moved), so the gift was removed.`,
    );
  }
  const issued = ledger.issueTime.toString();
  if (gift.issueTime !== null && gift.issueTime !== issued) {
    return drop(
      `This account's subscription is no longer the one bought for ${them}: it was issued again on ${formatDate(Number(ledger.issueTime))}. So the gift was removed, and the app does not offer to hand over any other subscription.`,
    );
  }
  if (!isSubscriptionActive(ledger, facts.now)) {
    return drop(
      `The subscription bought for ${them} ended before it was handed over, so the gift was removed.`,
    );
  }
  return { act: 'offer', bind: gift.issueTime === null ? issued : null };
}

/** A buyer's kept gift, checked: nothing, removed with why, waiting for its auction, or offered. */
export type GiftState =
  | { kind: 'none' }
  | { kind: 'removed'; reason: string }
  | { kind: 'waiting'; gift: PendingGift; keptInTabOnly: boolean }
  | { kind: 'offer'; gift: PendingGift; keptInTabOnly: boolean };

/**
 * Reads the gift kept for `buyer` and holds it to the chain (giftVerdict): a gift that does not
 * match is removed; one whose ledger is seen for the first time is bound to its issue time.
 */
export async function checkPendingGift(
  client: RobonomicsClient,
  endpoint: string,
  buyer: string,
): Promise<GiftState> {
  const read = await readPendingGift(endpoint, buyer);
  if (read.kind !== 'gift') return read;
  const { gift, keptInTabOnly } = read;
  // The genesis first: an auction number of another chain names nothing here.
  const onThisChain = gift.genesis === client.genesisHash.toLowerCase();
  const [auction, ledger] = onThisChain
    ? await Promise.all([fetchAuctionOutcome(client, gift.auction), fetchLedger(client, buyer)])
    : [{ state: 'missing' } as const, null];
  const verdict = giftVerdict(gift, {
    buyer,
    genesis: client.genesisHash,
    auction,
    ledger,
    now: Date.now(),
  });
  if (verdict.act === 'drop') {
    forgetPendingGift(endpoint, buyer);
    return { kind: 'removed', reason: verdict.reason };
  }
  if (verdict.act === 'wait') return { kind: 'waiting', gift, keptInTabOnly };
  if (verdict.bind === null) return { kind: 'offer', gift, keptInTabOnly };
  const bound = { ...gift, issueTime: verdict.bind };
  await writePendingGift(endpoint, bound);
  return { kind: 'offer', gift: bound, keptInTabOnly };
}

/**
 * After the purchase saw its new ledger: the gift of that auction is bound to the ledger's issue
 * time, so that no later subscription of the buyer is taken for it.
 */
export async function bindPendingGift(
  endpoint: string,
  buyer: string,
  auction: number,
  ledger: SubscriptionLedger,
): Promise<void> {
  const read = await readPendingGift(endpoint, buyer);
  if (read.kind !== 'gift' || read.gift.auction !== auction || read.gift.issueTime !== null) return;
  await writePendingGift(endpoint, { ...read.gift, issueTime: ledger.issueTime.toString() });
}
