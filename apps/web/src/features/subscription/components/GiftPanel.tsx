import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { referenceCallWeight } from '@robonomics-dapp/robonomics/chain/queries/reference-call-weight';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { subscribeAuctionWinner } from '@robonomics-dapp/robonomics/chain/subscriptions/auction';
import { estimateFreeWeight } from '@robonomics-dapp/robonomics/rws/subscription';
import { useEffect, useRef, useState } from 'react';
import { SubscriptionTransferReview } from '../../../components/SubscriptionTransferReview.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { checkPendingGift, type GiftState } from '../../../lib/actions/pending-gift-check.ts';
import { readyClient } from '../../../lib/actions/send-action.ts';
import { checkTransfer, transferSubscription } from '../../../lib/actions/transfer-subscription.ts';
import type { FactsCheck } from '../../../lib/chain/second-opinion.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { forgetPendingGift, watchPendingGifts } from '../../../lib/storage/pending-gifts.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { formatDate } from '../../../lib/time/format-date.ts';

interface Review {
  ledger: SubscriptionLedger;
  checked: FactsCheck;
  freeWeight: bigint;
  devices: string[];
  decide: (sign: boolean) => void;
}

/**
 * A subscription bought here for someone else (docs/product-rules.md, "Buying for someone
 * else"): the kept gift is held to the chain first (pending-gift-check.ts), and one that does not
 * match is removed with why. Once its auction is won, the hand-over is offered, across reloads,
 * and signed only after the same full review as any transfer.
 */
export function GiftPanel({ buyer }: { buyer: string }) {
  const endpoint = useChain((s) => s.endpoint);
  const client = useChain((s) => s.client);
  const ledger = useLedger(buyer);
  const [state, setState] = useState<GiftState | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [checks, checkAgain] = useState(0);
  const tx = useTx('The transfer was cancelled: nothing was signed.');
  /** No check while the hand-over runs: its own outcome is what the panel shows. */
  const handingOver = useRef(false);
  // The buyer's ledger changing (the auction won, a transfer) calls for a new look.
  const issued = ledger === undefined ? 'reading' : (ledger?.issueTime.toString() ?? 'none');

  useEffect(() => {
    if (!client || handingOver.current) return;
    let current = true;
    void checks;
    void issued;
    checkPendingGift(client, endpoint, buyer).then(
      (next) => {
        if (!current || handingOver.current) return;
        // What was removed stays said: the removal itself is a change that finds nothing.
        setState((shown) => (next.kind === 'none' && shown?.kind === 'removed' ? shown : next));
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [client, endpoint, buyer, issued, checks]);

  // A gift written (the bid is in a block) or forgotten, here or in another tab.
  useEffect(() => watchPendingGifts(() => checkAgain((n) => n + 1)), []);

  // While the auction runs, its winner is followed: an outbid gift goes at once.
  const waitingOn = state?.kind === 'waiting' ? state.gift.auction : null;
  useEffect(() => {
    if (!client || waitingOn === null) return;
    let stop: (() => Promise<void>) | null = null;
    let gone = false;
    void subscribeAuctionWinner(client, waitingOn, () => checkAgain((n) => n + 1)).then(
      (unsubscribe) => {
        if (gone) void unsubscribe().catch(() => {});
        else stop = unsubscribe;
      },
      () => {},
    );
    return () => {
      gone = true;
      void stop?.().catch(() => {});
    };
  }, [client, waitingOn]);

  if (tx.outcome?.kind === 'success') {
    return (
      <p className="card ok page-notice" role="status" data-testid="gift-panel">
        {tx.outcome.text}
      </p>
    );
  }
  if (!state || state.kind === 'none') return null;
  if (state.kind === 'removed') {
    return (
      <p className="card notice-warn page-notice" role="status" data-testid="gift-removed">
        {state.reason}
      </p>
    );
  }
  const { gift } = state;
  const tabOnly = state.keptInTabOnly && (
    <p className="small muted" data-testid="gift-in-tab-only">
      This gift is remembered in this tab only, as nothing the app acts on later is kept at this
      address: keep the tab open until it is handed over, or hand the subscription over later with
      "Transfer the subscription" on Your setup.
    </p>
  );
  if (state.kind === 'waiting') {
    return (
      <section
        className="card stack-s page-notice"
        data-testid="gift-panel"
        aria-label="A subscription bought for someone else"
      >
        <p>
          You bid on auction #{gift.auction} on {formatDate(gift.at)} for a subscription for:
        </p>
        <p className="mono break">{gift.beneficiary}</p>
        <p className="small muted">
          The auction has not closed yet. Once you have won it, this page offers to hand the
          subscription over.
        </p>
        {tabOnly}
      </section>
    );
  }

  const forget = () => {
    forgetPendingGift(endpoint, buyer);
    setState({ kind: 'none' });
  };
  const onReview = () =>
    tx.run(async (signed) => {
      handingOver.current = true;
      try {
        const client = readyClient();
        let current: SubscriptionLedger;
        let checked: FactsCheck;
        try {
          ({ ledger: current, checked } = await checkTransfer(buyer, gift.beneficiary));
        } catch (error) {
          throw new Error(
            `${(error as Error).message} The subscription stays yours: keep it, or transfer it to someone else on Your setup.`,
          );
        }
        // Signed only for the subscription the gift's purchase created.
        if (current.issueTime.toString() !== gift.issueTime) {
          checkAgain((n) => n + 1);
          throw new Error(
            "This account's subscription changed since the gift was checked: nothing was signed.",
          );
        }
        const devices = await fetchSubscriptionDevices(client, buyer);
        const freeWeight = estimateFreeWeight(current, referenceCallWeight(client), Date.now());
        const sign = await new Promise<boolean>((decide) =>
          setReview({ ledger: current, checked, freeWeight, devices, decide }),
        );
        setReview(null);
        if (!sign) throw new TxCancelledError();
        await transferSubscription(buyer, gift.beneficiary, signed);
        forgetPendingGift(endpoint, buyer);
        return `The subscription now belongs to ${gift.beneficiary}.`;
      } finally {
        handingOver.current = false;
      }
    });

  return (
    <section
      className="card stack-s page-notice"
      data-testid="gift-panel"
      aria-label="A subscription bought for someone else"
    >
      <p>The subscription you bought on {formatDate(gift.at)} is for:</p>
      <p className="mono break" data-testid="gift-beneficiary">
        {gift.beneficiary}
      </p>
      <p className="small">Hand it over now: the transfer is shown in full before you sign it.</p>
      {tabOnly}
      {!review && (
        <TxButton
          status={tx.status}
          outcome={tx.outcome}
          onClick={() => void onReview()}
          labels={{ idle: 'Review the hand-over', working: 'Transferring…', done: 'Handed over' }}
        />
      )}
      {review && (
        <SubscriptionTransferReview
          owner={buyer}
          ownerLabel="you, who bought it"
          target={gift.beneficiary}
          targetLabel="the person you bought it for"
          ledger={review.ledger}
          freeWeight={review.freeWeight}
          checked={review.checked}
          devices={review.devices}
          onSign={() => review.decide(true)}
          onCancel={() => review.decide(false)}
        />
      )}
      {tx.outcome?.kind === 'error' && (
        <button type="button" className="button" onClick={forget}>
          Keep it myself
        </button>
      )}
    </section>
  );
}
