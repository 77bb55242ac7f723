import { buySubscription } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  type AuctionClock,
  auctionCloseTime,
  subscribeAuctionClock,
} from '@robonomics-dapp/robonomics/chain/subscriptions/auction-clock';
import { purchaseNeeds } from '@robonomics-dapp/robonomics/rws/buy';
import { Amount } from '../../../components/Amount.tsx';
import { usePurchaseFacts } from '../../../components/FactsCheck.tsx';
import { SentTransactionLine } from '../../../components/SentTransactionLine.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { usePurchaseGate } from '../../../components/use-purchase-gate.ts';
import { useTx } from '../../../components/use-tx.ts';
import { NoSignerError, originOf, readyClient } from '../../../lib/actions/send-action.ts';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { confirmPurchasedDevices } from '../../../lib/storage/confirmed-subscription-devices.ts';
import { randomSetupName, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useGuideMarks } from '../guide-marks.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function SubscriptionSummary({ guide }: { guide: Guide }) {
  const now = useNow();
  if (guide.ledger) return <SubscriptionDate ledger={guide.ledger} now={now} />;
  if (guide.facts.bidding) return <>Your bid leads auction #{guide.marks.bid?.auction}.</>;
  return <>No subscription yet.</>;
}

/** When the auction the bid went to closes, block by block. */
function AuctionCountdown({ auction }: { auction: number }) {
  const clock = useChainSubscription<AuctionClock>('auction-clock', subscribeAuctionClock).value;
  const chainNow = useChainNow();
  if (!clock) return null;
  const from = Math.max(chainNow ?? clock.bestTime, clock.bestTime);
  const seconds = Math.max(0, Math.round((auctionCloseTime(clock) - from) / 1000));
  return (
    <p className="small" role="status" data-testid="auction-countdown">
      Auction #{auction} closes with block #{clock.closesAt} ({clock.closesAt - clock.best}{' '}
      {clock.closesAt - clock.best === 1 ? 'block' : 'blocks'} from now, about {seconds} s). Your
      subscription starts then; this page shows it as soon as the chain has it.
    </p>
  );
}

/** Step 2: a bid of the minimal price on the first free auction, then the wait for it to close. */
export function SubscriptionStep({ guide }: { guide: Guide }) {
  const tx = useTx(
    'The bid was cancelled: nothing was signed.',
    `${guide.endpoint}|${guide.facts.owner}`,
  );
  const purchaseFacts = usePurchaseFacts();
  const mark = useGuideMarks((s) => s.mark);
  const { owner, minimalBid } = guide.facts;
  const devices = guide.deviceList.live ? guide.deviceList.devices : undefined;
  const expired = guide.ledger !== null && guide.ledger !== undefined;
  // A bid still on its way is shown, and no second one offered (the step's own text explains
  // the balance and the auction).
  const gate = usePurchaseGate(owner, {});

  const onBid = () =>
    tx.run(async (signed) => {
      if (!owner) throw new NoSignerError();
      if (!devices)
        throw new Error("This account's device list is still being read from the chain.");
      const endpoint = guide.endpoint;
      // A purchase keeps every device the account's list holds now: the guide drops none.
      const chosen = { shown: devices, keep: devices };
      await buySubscription({
        client: readyClient(),
        devices: chosen,
        ...originOf('wallet'),
        onSigned: signed,
        onBid: (auction) => mark(endpoint, owner, { bid: { auction, at: Date.now() } }),
        checkFacts: purchaseFacts.checkFacts,
        tracking: purchaseFacts.tracking,
      });
      confirmPurchasedDevices(endpoint, owner, chosen);
      const saved = useSavedSetups.getState();
      if (!saved.setups.some((s) => addressEq(s.owner, owner) && s.network === guide.network)) {
        saved.addSetup({ owner, name: randomSetupName(), network: guide.network });
      }
      return 'The auction closed with your bid: the subscription is active.';
    });

  if (guide.facts.bidding && guide.marks.bid) {
    return <AuctionCountdown auction={guide.marks.bid.auction} />;
  }
  return (
    <div className="stack-s">
      <p className="small">
        Subscriptions are sold at on-chain auctions. The guide bids the minimal price on the first
        auction nobody bid on; it closes within a few blocks, and the subscription starts then.
        {expired && ' Your last subscription has ended: this renews it.'}
      </p>
      {minimalBid !== undefined && (
        <p className="small" data-testid="bid-amount">
          The bid: <Amount planck={purchaseNeeds(minimalBid).bid} exact />, plus the network fee.
        </p>
      )}
      <TxButton
        status={tx.status}
        outcome={tx.outcome}
        onClick={onBid}
        disabled={!owner || !devices || minimalBid === undefined}
        refusal={tx.status === 'NEW' ? gate.refusal : null}
        labels={{
          idle: minimalBid === undefined ? 'Bid' : 'Bid for a subscription',
          working: 'Waiting for the auction',
          done: 'Subscription active',
          failed: 'Try again',
        }}
      />
      {purchaseFacts.view}
      <SentTransactionLine record={gate.record} />
      {tx.status === 'WAIT_TX' && guide.marks.bid && (
        <AuctionCountdown auction={guide.marks.bid.auction} />
      )}
    </div>
  );
}
