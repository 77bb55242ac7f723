import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  type DeviceFunding,
  deviceListChange,
} from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { useEffect, useId, useRef } from 'react';
import type { FactsCheck } from '../lib/chain/second-opinion.ts';
import { formatDate } from '../lib/time/format-date.ts';
import { Amount } from './Amount.tsx';
import { FactsCheckLine, SIGN_UNCONFIRMED } from './FactsCheck.tsx';

const changeText = { added: 'Added', removed: 'Removed', kept: 'Stays' } as const;

/**
 * The device list a transaction is about to write, shown before the signature: every account of
 * it in full with the name the user gave it, and what changes (docs/product-rules.md, "Writing
 * the device list"). The list was read from the chain again before this is shown, and is read
 * once more when the user signs.
 */
export function DeviceListReview({
  before,
  after,
  funding = [],
  confirmed = null,
  restored = [],
  checked,
  nameOf,
  onSign,
  onCancel,
}: {
  before: readonly string[];
  after: readonly string[];
  /** Transfers made in the same transaction to new devices that do not exist yet. */
  funding?: readonly DeviceFunding[];
  /** The list the owner last confirmed in this browser: devices since then are marked new. */
  confirmed?: { time: number; devices: readonly string[] } | null;
  /** Devices of that list the node's answer left out, kept by this transaction. */
  restored?: readonly string[];
  /** How the list before the change was checked (absent: not said, as in tests of the list alone). */
  checked?: FactsCheck;
  nameOf: (address: string) => string | null;
  onSign: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const entries = deviceListChange(before, after);
  const unconfirmed = checked?.check.confirmation.kind === 'unconfirmed';
  const ref = useRef<HTMLElement>(null);
  // Keyboard and screen reader users land on what they are asked to check.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="review stack-s"
      aria-labelledby={`${id}-title`}
      data-testid="device-list-review"
    >
      <h4 id={`${id}-title`}>Check the device list before you sign</h4>
      <p className="small">
        This transaction writes the whole device list of the subscription:{' '}
        {after.length === 1 ? '1 account' : `${after.length} accounts`} after it. Each can read the
        home's configuration and telemetry and send it commands.
      </p>
      {checked && <FactsCheckLine checked={checked} />}
      <ul className="plain-list stack-s">
        {entries.map(({ address, change }) => (
          <li key={`${change}:${address}`} className={`device-change device-${change}`}>
            <strong className="small">{changeText[change]}</strong>{' '}
            <span className="mono break">{address}</span>{' '}
            <span className="small">
              {nameOf(address) ?? <span className="muted">no label in this browser</span>}
            </span>
            {change !== 'removed' && includesAddress(restored, address) ? (
              <span className="small notice-warn" data-mark="restored">
                {' '}
                not reported by this node: kept from the list you confirmed on{' '}
                {formatDate(confirmed?.time ?? 0)}
              </span>
            ) : (
              change === 'kept' &&
              confirmed &&
              !includesAddress(confirmed.devices, address) && (
                <span className="small notice-warn" data-mark="new">
                  {' '}
                  new since {formatDate(confirmed.time)}
                </span>
              )
            )}
          </li>
        ))}
      </ul>
      {funding.length > 0 && (
        <div className="stack-s" data-testid="device-funding">
          <p className="small">
            The same transaction sends, from your account, what a new account needs to exist on the
            chain (an account that holds nothing cannot send even a fee-free transaction):
          </p>
          {funding.map(({ to, amount }) => (
            <p key={to} className="small">
              Sends <Amount planck={amount} exact /> to <span className="mono break">{to}</span>
            </p>
          ))}
        </div>
      )}
      <p className="small muted">
        The list is read from the chain again when you sign: if it is no longer the one this page
        showed, nothing is signed.
      </p>
      <div className="row">
        {/* Unconfirmed facts: signing stays possible, but is not the page's first suggestion. */}
        <button
          type="button"
          className={unconfirmed ? 'button' : 'button primary'}
          onClick={onSign}
        >
          {unconfirmed ? SIGN_UNCONFIRMED : 'Sign the new list'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
