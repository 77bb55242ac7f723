import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { expiryOf, isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { formatDate } from '../lib/time/format-date.ts';

/** "Lifetime", "active until <date>" or "expired on <date>". */
export function SubscriptionDate({ ledger, now }: { ledger: SubscriptionLedger; now: number }) {
  const expiry = expiryOf(ledger);
  if (expiry === null) return <span className="ok">Lifetime (never expires)</span>;
  return isSubscriptionActive(ledger, now) ? (
    <span className="ok">Active until {formatDate(expiry)}</span>
  ) : (
    <span className="error">Expired on {formatDate(expiry)}</span>
  );
}
