import { markFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/marks';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { Amount } from '../../../components/Amount.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useSubscriptionDevices } from '../../../lib/chain/use-subscription-devices.ts';
import { afterNextPaint } from '../../../lib/shell/after-next-paint.ts';
import { withQueries } from '../../../lib/shell/lazy-page.tsx';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { XRT_MARKETS } from '../../../lib/shell/xrt-markets.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { useOffer } from '../hooks/use-offer.ts';
import type { RenewalFocus } from './RenewalPanel.tsx';

// Reminders need the chain client and are not part of the first paint: their own chunk.
const RenewalPanel = lazy(withQueries(() => import('./RenewalPanel.tsx')));

/**
 * The card's reminders, once the chain client runs (docs/first-data.md: not in the first paint),
 * and only when there is one to show: a saved setup of this network, or the card's own
 * subscription. A visitor without either never loads them.
 */
function Reminders({ focus }: { focus?: RenewalFocus }) {
  const client = useChain((s) => s.client);
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const anySetup = useSavedSetups((s) => s.setups.some((setup) => setup.network === network));
  if (!client || (!anySetup && !focus)) return null;
  return (
    <Suspense fallback={null}>
      <RenewalPanel focus={focus} />
    </Suspense>
  );
}

function OfferCard() {
  const { price, available } = useOffer();
  const shown = price !== undefined;
  // Once the frame that paints the price has been painted: a layout effect runs in the commit
  // that puts the price in the page, before that frame (a passive effect may run after it, and
  // the mark would wait for a later frame). A busy main thread delays the frame, and the mark.
  useLayoutEffect(() => {
    if (shown) afterNextPaint(() => markFirstData('price-painted'));
  }, [shown]);
  return (
    <section className="card stack" aria-labelledby="rws-card-title">
      <h2 id="rws-card-title">RWS subscription</h2>
      <Reminders />
      <dl className="facts">
        <dt>Price from</dt>
        <dd data-testid="subscription-price">
          {price === undefined ? (
            <span className="muted">loading…</span>
          ) : (
            <>
              ~ <Amount planck={price} price />
            </>
          )}
        </dd>
        <dt>Activation time</dt>
        <dd>~ 2 min</dd>
        <dt>Available subscriptions</dt>
        <dd data-testid="available-subscriptions">
          {available === undefined ? <span className="muted">loading…</span> : available}
        </dd>
      </dl>
      <details>
        <summary className="small">Where to buy XRT</summary>
        <ul className="plain-list row small">
          {XRT_MARKETS.map((place) => (
            <li key={place.label}>
              <a href={place.href} target="_blank" rel="noopener noreferrer">
                {place.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <div className="row">
        <Link to={routePaths.buy} className="button primary">
          Buy a subscription
        </Link>
        <Link to={routePaths.homeSetup} className="button">
          Set up your home step by step
        </Link>
      </div>
    </section>
  );
}

/**
 * The dashboard's subscription card: the active subscription of the connected account or of the
 * active saved setup when there is one (Lifetime counts as active), else the offer.
 */
export function SubscriptionCard() {
  const now = useNow();
  const endpoint = useChain((s) => s.endpoint);
  const network = networkOfEndpoint(endpoint);
  const address = useWallet((s) => s.address);
  const setups = useSavedSetups((s) => s.setups);
  const activeOwner = useSavedSetups((s) => s.active[network]);
  const ownLedger = useLedger(address);
  const setupLedger = useLedger(
    activeOwner && (!address || !addressEq(activeOwner, address)) ? activeOwner : null,
  );
  const owner =
    ownLedger && isSubscriptionActive(ownLedger, now)
      ? address
      : setupLedger && isSubscriptionActive(setupLedger, now)
        ? activeOwner
        : null;
  const ledger = address && owner && addressEq(owner, address) ? ownLedger : setupLedger;
  const devices = useSubscriptionDevices(owner);
  if (!owner || !ledger) return <OfferCard />;
  const name =
    setups.find((s) => addressEq(s.owner, owner) && s.network === network)?.name ??
    'Your subscription';
  return (
    <section className="card stack" aria-labelledby="active-subscription-title">
      <h2 id="active-subscription-title">{name}</h2>
      <dl className="facts">
        <dt>Owner</dt>
        <dd>
          <Address address={owner} />
        </dd>
        <dt>Subscription</dt>
        <dd>
          <SubscriptionDate ledger={ledger} now={now} />
        </dd>
        <dt>Users</dt>
        <dd data-testid="subscription-users">
          {devices === undefined
            ? 'loading…'
            : `${devices.length} ${devices.length === 1 ? 'account' : 'accounts'} added`}
        </dd>
      </dl>
      <Reminders focus={{ owner, name, ledger }} />
      <Link to={routePaths.setups} className="button primary">
        Go to setup
      </Link>
    </section>
  );
}
