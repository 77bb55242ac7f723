import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  ENDED_CONSEQUENCE,
  renewalDue,
  renewalText,
} from '@robonomics-dapp/robonomics/rws/reminders';
import { Link } from 'react-router';
import { useChainNow } from '../../lib/chain/use-chain-now.ts';
import { useLedger } from '../../lib/chain/use-ledger.ts';
import { renewPath } from '../../lib/shell/route-table.ts';
import type { SavedSetup } from '../../lib/stores/saved-setups-format.ts';
import { useWallet } from '../../lib/wallet/wallet-store.ts';
import { CalendarButton } from './CalendarButton.tsx';
import './renewal.css';

/**
 * A setup whose subscription ends within 7 days, or has ended: the date in words, Renew (the buy
 * flow with the setup preselected) unless the connected wallet lacks the owner's account, and
 * "Add to calendar" while it has not ended. Nothing for any other setup.
 */
export function RenewalLine({ setup }: { setup: SavedSetup }) {
  const ledger = useLedger(setup.owner);
  const now = useChainNow();
  const wallet = useWallet((s) => s.status);
  const accounts = useWallet((s) => s.accounts);
  const due = ledger && now !== undefined ? renewalDue(ledger, now) : null;
  if (!due || now === undefined) return null;
  const mayRenew =
    wallet !== 'connected' || accounts.some((account) => addressEq(account.address, setup.owner));
  return (
    <div
      className={`renewal-line ${due.ended ? 'renewal-ended' : 'renewal-soon'}`}
      role="status"
      data-testid="renewal-line"
    >
      <p>
        <strong>{setup.name}</strong>: the subscription {renewalText(due, now)}.
        {due.ended && ` ${ENDED_CONSEQUENCE}`}
      </p>
      <div className="row">
        {mayRenew && (
          <Link
            className="button primary"
            to={renewPath(setup.owner)}
            aria-label={`Renew ${setup.name}`}
          >
            Renew
          </Link>
        )}
        {!due.ended && <CalendarButton setup={setup} expiry={due.expiry} />}
      </div>
    </div>
  );
}
