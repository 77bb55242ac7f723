import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  daysLeft,
  expiryOf,
  isSubscriptionActive,
} from '@robonomics-dapp/robonomics/rws/subscription';
import { useId } from 'react';
import { Link } from 'react-router';
import { Address } from '../../components/Address.tsx';
import { QuietHomeNotice } from '../../components/renewal/QuietHomeNotice.tsx';
import { useLedger } from '../../lib/chain/use-ledger.ts';
import { renewPath, routePaths } from '../../lib/shell/route-table.ts';
import { activeSetupOf, useSavedSetups } from '../../lib/stores/saved-setups.ts';
import { formatDate } from '../../lib/time/format-date.ts';
import { useNow } from '../../lib/time/use-now.ts';
import { useWallet } from '../../lib/wallet/wallet-store.ts';

/** Days before the end when "Active until" turns to a warning. */
const SOON_DAYS = 7;

function ActiveUntil({ owner, now }: { owner: string; now: number }) {
  const ledger = useLedger(owner);
  const wallet = useWallet((s) => s.address);
  const isOwner = !!wallet && addressEq(wallet, owner);
  if (ledger === undefined) return <span className="loading small">Loading</span>;
  const expiry = ledger ? expiryOf(ledger) : null;
  const active = !!ledger && isSubscriptionActive(ledger, now);
  const left = ledger ? daysLeft(ledger, now) : null;
  const tone = !ledger || !active ? 'error' : left !== null && left <= SOON_DAYS ? 'warn' : 'ok';
  return (
    <span className="row" data-testid="active-until" data-tone={tone}>
      <span className={`tone-${tone}`}>
        {!ledger
          ? 'No subscription'
          : expiry === null
            ? 'Lifetime (never expires)'
            : active
              ? formatDate(expiry)
              : `Expired on ${formatDate(expiry)}`}
      </span>
      {isOwner && tone !== 'ok' && <Link to={renewPath(owner)}>Renew</Link>}
    </span>
  );
}

/** The active setup's facts and the choice of another setup of this network. */
export default function ActiveSetupBody({
  network,
  onNavigate,
}: {
  network: string;
  onNavigate: () => void;
}) {
  const id = useId();
  const now = useNow();
  const setups = useSavedSetups((s) => s.setups);
  const setup = useSavedSetups((s) => activeSetupOf(s, network));
  const setActive = useSavedSetups((s) => s.setActive);
  const here = setups.filter((s) => s.network === network);
  if (!setup) return null;
  return (
    <div className="stack-s">
      {here.length > 1 ? (
        <div className="stack-s">
          <label htmlFor={`${id}-setup`} className="small muted">
            Setup
          </label>
          <select
            id={`${id}-setup`}
            className="input"
            value={setup.owner}
            onChange={(e) => setActive(network, e.target.value)}
          >
            {here.map((s) => (
              <option key={s.owner} value={s.owner}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="active-setup-name" data-testid="active-setup-name">
          {setup.name}
        </p>
      )}
      <dl className="facts small">
        <dt>Active until</dt>
        <dd>
          <ActiveUntil owner={setup.owner} now={now} />
        </dd>
        <dt>Owner</dt>
        <dd>
          <Address address={setup.owner} />
        </dd>
      </dl>
      {setup.controller?.address && <QuietHomeNotice controller={setup.controller.address} />}
      <Link className="button primary" to={routePaths.setups} onClick={onNavigate}>
        Go to setup
      </Link>
    </div>
  );
}
