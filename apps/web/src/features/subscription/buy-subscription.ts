import { addressEq } from '@robonomics-dapp/robonomics/chain/address';
import type { RobonomicsClient, RuntimeCallLike } from '@robonomics-dapp/robonomics/chain/client';
import { TxFailedError } from '@robonomics-dapp/robonomics/chain/errors';
import { fetchDevices } from '@robonomics-dapp/robonomics/chain/queries/devices';
import { fetchFirstFreeAuction } from '@robonomics-dapp/robonomics/chain/queries/first-free-auction';
import {
  fetchLedger,
  type SubscriptionLedger,
} from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { minimalBid } from '@robonomics-dapp/robonomics/chain/queries/minimal-bid';
import { toBalance } from '@robonomics-dapp/robonomics/chain/subscriptions/balance';
import { subscribeLedger } from '@robonomics-dapp/robonomics/chain/subscriptions/ledger';
import {
  type Submittable,
  sendTransaction,
} from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { buyRefusal } from '@robonomics-dapp/robonomics/rws/buy';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import type { IKeyringPair, InjectedSigner } from 'dedot/types';

/** How long to wait for the auction to rotate (10 blocks on the real chain, ~1 min). */
export const ACTIVATION_TIMEOUT_MS = 10 * 60_000;

export interface BuyRequest {
  client: RobonomicsClient | null;
  /** The buyer: an extension address with its signer, or a local key pair. */
  from: string | IKeyringPair;
  signer?: InjectedSigner;
  onSigned?: () => void;
  /** Called once the bid is in a block, while waiting for the auction to rotate. */
  onBid?: () => void;
}

export interface PreparedBuy {
  tx: Submittable;
  auctionIndex: number;
  /** The issue time of the current ledger, to tell a renewal's new ledger from the old one. */
  previousIssue: bigint | null;
}

/**
 * Checks the refusals of docs/product-rules.md in order and builds the buy transaction: a bid of minimal bid + 1
 * on the first auction without a bidder and, in the same all-or-nothing batch, the buyer as its
 * own device. Throws the refusal's text.
 */
export async function prepareBuy(client: RobonomicsClient, address: string): Promise<PreparedBuy> {
  const minimal = minimalBid(client);
  const [account, auctionIndex, ledger, devices] = await Promise.all([
    client.query.system.account(address),
    fetchFirstFreeAuction(client),
    fetchLedger(client, address),
    fetchDevices(client, address),
  ]);
  const refusal = buyRefusal({
    ready: true,
    balance: toBalance(account.data).transferable,
    minimalBid: minimal,
    hasFreeAuction: auctionIndex !== null,
    subscriptionActive: ledger !== null && isSubscriptionActive(ledger, Date.now()),
  });
  if (refusal || auctionIndex === null)
    throw new TxFailedError(refusal ?? 'There are no available subscriptions');

  const calls: RuntimeCallLike[] = [client.tx.rws.bid(auctionIndex, minimal + 1n).call];
  // Being its own device lets the owner later act through its subscription (rws.call).
  if (!devices.some((d) => addressEq(d, address))) {
    calls.push(client.tx.rws.setDevices([...devices, address]).call);
  }
  // batch_all: a failed bid must fail the whole transaction, not be skipped silently.
  const tx = client.tx.utility.batchAll(calls);
  return { tx, auctionIndex, previousIssue: ledger?.issueTime ?? null };
}

/** Buys (or renews) a subscription, then waits block by block until the ledger is active. */
export async function buySubscription({
  client,
  from,
  signer,
  onSigned,
  onBid,
}: BuyRequest): Promise<SubscriptionLedger> {
  const address = typeof from === 'string' ? from : from.address;
  if (!client) throw new TxFailedError(buyRefusal({ ready: false }) ?? 'Parachain is not ready');
  const { tx, auctionIndex, previousIssue } = await prepareBuy(client, address);
  await sendTransaction(client, tx, from, {
    signer,
    onPhase: (phase) => phase === 'broadcast' && onSigned?.(),
  });
  onBid?.();
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
    client.query.rws
      .auction(auctionIndex, (auction) => {
        if (auction?.winner && !addressEq(auction.winner.address(32), address)) {
          finish(() =>
            reject(
              new TxFailedError(
                'Someone outbid you for this subscription; your bid was returned. Try again.',
              ),
            ),
          );
        }
      })
      .then(
        (u) => (done ? void u() : unsubs.push(u)),
        (e) => finish(() => reject(e)),
      );
  });
}
