import type { IKeyringPair, InjectedSigner } from 'dedot/types';
import { buyRefusal, purchaseNeeds } from '../../rws/buy.ts';
import { isSubscriptionActive } from '../../rws/subscription.ts';
import { purchaseDevices } from '../../rws/subscription-devices.ts';
import { minimalBid } from '../metadata/minimal-bid.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { TxFailedError } from '../model/errors.ts';
import type { SubscriptionLedger } from '../model/ledger.ts';
import { addressEq } from '../model/same-account.ts';
import type { Submittable } from '../model/transaction.ts';
import { fetchAccountBalance } from '../queries/account-balance.ts';
import type { OwnerFacts } from '../queries/decision-facts.ts';
import { fetchFirstFreeAuction } from '../queries/first-free-auction.ts';
import { fetchLedger } from '../queries/ledger.ts';
import { subscribeAuctionWinner } from '../subscriptions/auction.ts';
import { subscribeLedger } from '../subscriptions/ledger.ts';
import { buySubscriptionTx } from '../tx/buy-subscription.ts';
import { sendTransaction, type Tracking } from '../tx/send-transaction.ts';
import { deviceListAsShown, requireShownList } from './device-list.ts';

/** How long to wait for the auction to rotate (10 blocks on the real chain, ~1 min). */
export const ACTIVATION_TIMEOUT_MS = 10 * 60_000;

/** The buyer's device list as the page showed it, and the devices the user chose to keep. */
export interface BuyDevices {
  shown: readonly string[];
  keep: readonly string[];
}

export interface BuyRequest {
  /** The connected client: a caller without one refuses first, saying why (notReadyText). */
  client: RobonomicsClient;
  devices: BuyDevices;
  /** The buyer: an extension address with its signer, or a local key pair. */
  from: string | IKeyringPair;
  signer?: InjectedSigner;
  onSigned?: () => void;
  /** Called with the auction's index once the bid is in a block, while it waits to close. */
  onBid?: (auctionIndex: number) => void;
  /**
   * The buyer's facts as they were checked (read at one finalized block and compared with a
   * second node's, or taken by the user's choice where nobody could confirm them): the purchase,
   * its refusals ("an active subscription") included, is decided from these alone. A rejection
   * stops it, nothing signed.
   */
  checkFacts: (client: RobonomicsClient, buyer: string) => Promise<OwnerFacts>;
  /** How the bid is followed to its end across a dropped link or a reload. */
  tracking?: Tracking;
}

export interface PreparedBuy {
  tx: Submittable;
  auctionIndex: number;
  /** The issue time of the current ledger, to tell a renewal's new ledger from the old one. */
  previousIssue: bigint | null;
}

/**
 * Checks the refusals of docs/product-rules.md in order and builds the buy transaction: a bid of
 * minimal bid + 1 on the first auction without a bidder and, in the same all-or-nothing batch,
 * the device list: the buyer and the devices the user chose to keep, unless the buyer already is
 * a device. The device list is read again and must be the one the page showed. Throws the
 * refusal's text.
 */
export async function prepareBuy(
  client: RobonomicsClient,
  address: string,
  devices: BuyDevices,
  /** The checked facts to decide from; without them (a fee estimate), the latest state. */
  facts?: OwnerFacts,
): Promise<PreparedBuy> {
  const minimal = minimalBid(client);
  const [account, auctionIndex, ledger, current] = await Promise.all([
    facts?.balance ?? fetchAccountBalance(client, address),
    // Which auction to bid on is no fact of the buyer's: a node lying about it makes the bid
    // fail, never buys anything else.
    fetchFirstFreeAuction(client),
    facts ? facts.ledger : fetchLedger(client, address),
    facts
      ? requireShownList(facts.devices, devices.shown)
      : deviceListAsShown(client, address, devices.shown),
  ]);
  const refusal = buyRefusal({
    ready: true,
    balance: account.transferable,
    minimalBid: minimal,
    hasFreeAuction: auctionIndex !== null,
    subscriptionActive: ledger !== null && isSubscriptionActive(ledger, Date.now()),
  });
  if (refusal || auctionIndex === null)
    throw new TxFailedError(refusal ?? 'There are no available subscriptions');

  // Being its own device lets the owner later act through its subscription (rws.call).
  const list = purchaseDevices(current, address, devices.keep);
  const tx = buySubscriptionTx(client, auctionIndex, purchaseNeeds(minimal).bid, list);
  return { tx, auctionIndex, previousIssue: ledger?.issueTime ?? null };
}

/** Buys (or renews) a subscription, then waits block by block until the ledger is active. */
export async function buySubscription({
  client,
  devices,
  from,
  signer,
  onSigned,
  onBid,
  checkFacts,
  tracking,
}: BuyRequest): Promise<SubscriptionLedger> {
  const address = typeof from === 'string' ? from : from.address;
  const facts = await checkFacts(client, address);
  const { tx, auctionIndex, previousIssue } = await prepareBuy(client, address, devices, facts);
  await sendTransaction(client, tx, from, {
    signer,
    onPhase: (phase) => phase === 'broadcast' && onSigned?.(),
    tracking,
  });
  onBid?.(auctionIndex);
  return waitForActivation(client, address, auctionIndex, previousIssue);
}

/** Resolves with the new ledger once the auction rotated in the buyer's favour. */
function waitForActivation(
  client: RobonomicsClient,
  address: string,
  auctionIndex: number,
  previousIssue: bigint | null,
): Promise<SubscriptionLedger> {
  return new Promise((resolve, reject) => {
    const unsubs: Array<() => Promise<void>> = [];
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const unsub of unsubs) void unsub().catch(() => {});
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new TxFailedError(
              'The subscription was not activated in time. Check this page again in a few minutes.',
            ),
          ),
        ),
      ACTIVATION_TIMEOUT_MS,
    );
    subscribeLedger(client, address, (ledger) => {
      // A renewal writes a new ledger: wait for one issued after the bid, not the old one.
      if (
        ledger &&
        ledger.issueTime !== previousIssue &&
        isSubscriptionActive(ledger, Date.now())
      ) {
        finish(() => resolve(ledger));
      }
    }).then(
      (u) => (done ? void u() : unsubs.push(u)),
      (e) => finish(() => reject(e)),
    );
    subscribeAuctionWinner(client, auctionIndex, (winner) => {
      if (winner && !addressEq(winner, address)) {
        finish(() =>
          reject(
            new TxFailedError(
              'Someone outbid you for this subscription; your bid was returned. Try again.',
            ),
          ),
        );
      }
    }).then(
      (u) => (done ? void u() : unsubs.push(u)),
      (e) => finish(() => reject(e)),
    );
  });
}
