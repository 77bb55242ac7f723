import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { checkTransfer, transferSubscription } from '../../../lib/actions/transfer-subscription.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { readPendingGift, writePendingGift } from '../../../lib/storage/pending-gifts.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { formatDate } from '../../../lib/time/format-date.ts';
import { useNow } from '../../../lib/time/use-now.ts';

/**
 * A subscription bought here for someone else, once its auction is won: the transfer to the
 * beneficiary, offered until it is done (across reloads), or why it cannot be.
 */
export function GiftPanel({ buyer }: { buyer: string }) {
  const endpoint = useChain((s) => s.endpoint);
  const now = useNow();
  const ledger = useLedger(buyer);
  const [, forgotten] = useState(0);
  const gift = readPendingGift(endpoint, buyer);
  const tx = useTx('The transfer was cancelled: nothing was signed.');
  if (tx.outcome?.kind === 'success') {
    return (
      <p className="card ok page-notice" role="status" data-testid="gift-panel">
        {tx.outcome.text}
      </p>
    );
  }
  if (!gift || !ledger || !isSubscriptionActive(ledger, now)) return null;
  const forget = () => {
    writePendingGift(endpoint, buyer, null);
    forgotten((n) => n + 1);
  };
  const onHandOver = () =>
    tx.run(async (signed) => {
      try {
        await checkTransfer(buyer, gift.beneficiary);
      } catch (error) {
        throw new Error(
          `${(error as Error).message} The subscription stays yours: keep it, or transfer it to someone else on Your setup.`,
        );
      }
      await transferSubscription(buyer, gift.beneficiary, signed);
      writePendingGift(endpoint, buyer, null);
      return `The subscription now belongs to ${gift.beneficiary}.`;
    });
  return (
    <section
      className="card stack-s page-notice"
      data-testid="gift-panel"
      aria-label="A subscription bought for someone else"
    >
      <p>
        The subscription you bought on {formatDate(gift.at)} is for{' '}
        <Address address={gift.beneficiary} />: hand it over now.
      </p>
      <TxButton
        status={tx.status}
        outcome={tx.outcome}
        onClick={onHandOver}
        labels={{ idle: 'Transfer it to them', working: 'Transferring…', done: 'Handed over' }}
      />
      {tx.outcome?.kind === 'error' && (
        <button type="button" className="button" onClick={forget}>
          Keep it myself
        </button>
      )}
    </section>
  );
}
