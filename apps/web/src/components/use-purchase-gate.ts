import { ACTIVATION_TIMEOUT_MS } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { buyRefusal } from '@robonomics-dapp/robonomics/rws/buy';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { describeRecord } from '../lib/actions/follow-transactions.ts';
import type { SentRecord } from '../lib/storage/sent-transactions.ts';
import { useNow } from '../lib/time/use-now.ts';
import { isPending, useSentRecord } from './SentTransactionLine.tsx';

/** What the page knows of a buyer's purchase; undefined while still read. */
export interface PurchaseFacts {
  balance?: bigint;
  minimalBid?: bigint;
  available?: number;
  ledger?: SubscriptionLedger | null;
}

/**
 * Whether a purchase may be offered to `buyer` now (docs/transactions.md): not while an earlier
 * bid of theirs is still on its way, and not when the app would refuse it anyway (an active
 * subscription, too little balance, no free auction), said before any click.
 */
export function usePurchaseGate(
  buyer: string | null,
  { balance, minimalBid, available, ledger }: PurchaseFacts,
): { record: SentRecord | null; refusal: string | null } {
  const now = useNow();
  const record = useSentRecord(buyer, 'purchase');
  const lastBid = useSentRecord(buyer, 'purchase', { seenToo: true });
  if (isPending(record)) {
    return {
      record,
      refusal: `Your ${describeRecord(record)} is still on its way: another purchase is offered once its end is known.`,
    };
  }
  // A bid that ran makes the subscription once its auction closes: no second bid meanwhile.
  const active = !!ledger && isSubscriptionActive(ledger, now);
  if (
    lastBid?.end?.kind === 'succeeded' &&
    now - lastBid.sentAt < ACTIVATION_TIMEOUT_MS &&
    ledger !== undefined &&
    !active
  ) {
    return {
      record,
      refusal: `Your ${describeRecord(lastBid)} ran in block #${lastBid.end.block.toLocaleString('en-US')}: the subscription starts when its auction closes, within a few minutes.`,
    };
  }
  const known =
    balance !== undefined &&
    minimalBid !== undefined &&
    available !== undefined &&
    ledger !== undefined;
  const refusal = known
    ? buyRefusal({
        ready: true,
        balance,
        minimalBid,
        hasFreeAuction: available > 0,
        subscriptionActive: active,
      })
    : null;
  return { record, refusal: buyer ? refusal : null };
}
