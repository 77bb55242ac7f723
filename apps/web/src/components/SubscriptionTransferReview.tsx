import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { expiryOf } from '@robonomics-dapp/robonomics/rws/subscription';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { FactsCheck } from '../lib/chain/second-opinion.ts';
import { formatDate } from '../lib/time/format-date.ts';
import { FactsCheckLine, SIGN_UNCONFIRMED } from './FactsCheck.tsx';

/**
 * A subscription's transfer (rws.transfer), shown before the signature (docs/product-rules.md,
 * "Transferring a subscription"): both accounts in full, each apart from what it is to the user,
 * what moves to the new owner and what stays with the current one. The facts were read from the
 * chain just before; `children` go under them (how they were checked).
 */
export function SubscriptionTransferReview({
  owner,
  ownerLabel,
  target,
  targetLabel,
  ledger,
  freeWeight,
  devices,
  signLabel = 'Sign the transfer',
  checked,
  onSign,
  onCancel,
  children,
}: {
  owner: string;
  ownerLabel: string;
  target: string;
  targetLabel: string;
  /** The subscription that moves, as read before the review. */
  ledger: SubscriptionLedger;
  freeWeight: bigint;
  /** The owner's device list: it stays. */
  devices: readonly string[];
  signLabel?: string;
  /** How the subscriptions the transfer rests on were checked: by a second node, or why not. */
  checked: FactsCheck;
  onSign: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // Keyboard and screen reader users land on what they are asked to check.
  useEffect(() => ref.current?.focus(), []);
  const expiry = expiryOf(ledger);
  const unconfirmed = checked.check.confirmation.kind === 'unconfirmed';
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="review stack-s"
      data-testid="transfer-review"
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`}>Check the transfer before you sign</h4>
      <dl className="facts small">
        <dt>From</dt>
        <dd>
          <div className="mono break" data-testid="transfer-from">
            {owner}
          </div>
          <div className="muted">{ownerLabel}</div>
        </dd>
        <dt>To</dt>
        <dd>
          <div className="mono break" data-testid="transfer-to">
            {target}
          </div>
          <div className="muted">{targetLabel}</div>
        </dd>
      </dl>
      <p className="small">Moves to the new owner:</p>
      <ul className="small">
        <li>
          the subscription: {expiry === null ? 'Lifetime' : `${formatDate(expiry)} is its last day`}
          , with its free weight ({freeWeight.toLocaleString('en-US')} now);
        </li>
      </ul>
      <p className="small">Stays with the current owner:</p>
      <ul className="small">
        <li>
          the device list ({devices.length} {devices.length === 1 ? 'account' : 'accounts'}
          {devices.length > 0 && ', the controller and the users among them'}): the new owner writes
          their own, and until then nobody can act through the subscription;
        </li>
        <li>
          Home Assistant's owner address: it keeps naming the current owner until the new owner's
          setup file is imported again.
        </li>
      </ul>
      <FactsCheckLine checked={checked} />
      {children}
      <div className="row">
        <button
          type="button"
          className={unconfirmed ? 'button' : 'button primary'}
          onClick={onSign}
        >
          {unconfirmed ? SIGN_UNCONFIRMED : signLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
