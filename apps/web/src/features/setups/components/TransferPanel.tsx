import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { referenceCallWeight } from '@robonomics-dapp/robonomics/chain/queries/reference-call-weight';
import { estimateFreeWeight } from '@robonomics-dapp/robonomics/rws/subscription';
import { transferTargetProblem } from '@robonomics-dapp/robonomics/rws/transfer';
import { type FormEvent, useId, useState } from 'react';
import { SubscriptionTransferReview } from '../../../components/SubscriptionTransferReview.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { readyClient } from '../../../lib/actions/send-action.ts';
import { checkTransfer, transferSubscription } from '../../../lib/actions/transfer-subscription.ts';
import type { FactsCheck } from '../../../lib/chain/second-opinion.ts';
import { useRuntimeHasCall } from '../../../lib/chain/use-runtime-features.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';

interface Review {
  target: string;
  ledger: SubscriptionLedger;
  checked: FactsCheck;
  freeWeight: bigint;
  decide: (sign: boolean) => void;
}

/**
 * Hands the subscription to another account (rws.transfer, runtime 43 and later), for the owner:
 * the new owner is checked on the chain first (an address of its own with no subscription), the
 * review says what moves and what stays, and the setup follows the subscription to its new owner
 * (docs/product-rules.md, "Transferring a subscription").
 */
export function TransferPanel({
  setup,
  ledger,
  devices,
}: {
  setup: SavedSetup;
  /** Null once the subscription has moved (the outcome stays shown); undefined while read. */
  ledger: SubscriptionLedger | null | undefined;
  devices: readonly string[];
}) {
  const id = useId();
  const available = useRuntimeHasCall('RWS', 'transfer');
  const [target, setTarget] = useState('');
  const [review, setReview] = useState<Review | null>(null);
  const tx = useTx('The transfer was cancelled: nothing was signed.');
  const [movedTo, setMovedTo] = useState<string | null>(null);
  const saveSetups = useSavedSetups((s) => s.addSetup);
  /** The setup follows the subscription: the new owner's, with this setup's controller and labels. */
  const keepForNewOwner = () => {
    if (!movedTo) return;
    saveSetups({ ...setup, owner: movedTo, name: `${setup.name} (moved)` });
  };

  // Without a subscription there is nothing to transfer, unless this panel just moved it.
  if (!ledger && tx.status === 'NEW' && !movedTo) return null;
  if (available === false) {
    return (
      <p className="small muted" data-testid="transfer-unavailable">
        Transferring a subscription to another owner is not available on this network yet: its
        runtime has no such call.
      </p>
    );
  }

  const onTransfer = (event?: FormEvent) => {
    event?.preventDefault();
    return tx.run(async (signed) => {
      const { ledger: current, checked } = await checkTransfer(setup.owner, target);
      const to = target.trim();
      const freeWeight = estimateFreeWeight(
        current,
        referenceCallWeight(readyClient()),
        Date.now(),
      );
      const sign = await new Promise<boolean>((decide) =>
        setReview({ target: to, ledger: current, checked, freeWeight, decide }),
      );
      setReview(null);
      if (!sign) throw new TxCancelledError();
      await transferSubscription(setup.owner, to, signed);
      setMovedTo(to);
      return `The subscription now belongs to ${to}. Its device list stayed with ${setup.owner}: the new owner writes their own on Your setup, then imports a setup file naming them into Home Assistant.`;
    });
  };

  return (
    <details className="stack-s" data-testid="transfer-panel">
      <summary>Transfer the subscription</summary>
      <p className="small">
        The subscription can move to another account, for a new owner of the home or to leave an
        account whose key is at risk. The new owner needs no subscription of its own.
      </p>
      <form className="stack-s" aria-label="Transfer the subscription" onSubmit={onTransfer}>
        <label htmlFor={`${id}-target`}>New owner (a Robonomics address)</label>
        <input
          id={`${id}-target`}
          className="input mono"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          aria-invalid={target !== '' && transferTargetProblem(target, setup.owner) !== null}
        />
        {!review && (
          <TxButton
            status={tx.status}
            outcome={tx.outcome}
            onClick={() => void onTransfer()}
            submit
            disabled={target.trim() === ''}
            labels={{ idle: 'Review the transfer', working: 'Transferring…', done: 'Transferred' }}
          />
        )}
      </form>
      {movedTo && (
        <button type="button" className="button" onClick={keepForNewOwner}>
          Keep a setup for the new owner in this browser
        </button>
      )}
      {review && (
        <SubscriptionTransferReview
          owner={setup.owner}
          ownerLabel="you, the current owner"
          target={review.target}
          targetLabel="the new owner"
          ledger={review.ledger}
          freeWeight={review.freeWeight}
          checked={review.checked}
          devices={devices}
          onSign={() => review.decide(true)}
          onCancel={() => review.decide(false)}
        />
      )}
    </details>
  );
}
