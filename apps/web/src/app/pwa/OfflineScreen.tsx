import { useId, useState } from 'react';
import { Link } from 'react-router';
import { routePaths } from '../../lib/shell/route-table.ts';
import { offlineSummary } from './offline-summary.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Shown above the page while the browser is offline: what still works and what has to wait. */
export function OfflineScreen() {
  const id = useId();
  // Read once when the screen appears: nothing changes these lists while offline.
  const [summary] = useState(() => offlineSummary());
  const { setups, deviceLists, homeConfigs } = summary;
  return (
    <section
      className="card notice offline-screen"
      aria-labelledby={`${id}-title`}
      data-testid="offline-screen"
    >
      <h2 id={`${id}-title`}>You are offline</h2>
      <p>
        The app itself works without a network. What this device has saved stays available; anything
        that reads or writes the parachain, IPFS or your home waits until you are back online.
      </p>
      <h3>Still works</h3>
      <ul>
        <li>
          {setups.length === 0 ? (
            'No setups are saved on this device.'
          ) : (
            <>
              {count(setups.length, 'saved setup', 'saved setups')}:{' '}
              {setups.map((s) => s.name || s.owner).join(', ')} (
              <Link to={routePaths.setups}>see your setups</Link>).
            </>
          )}
        </li>
        {deviceLists.map((list) => (
          <li key={`${list.endpoint}|${list.owner}`}>
            Device list of <span className="mono break">{list.owner}</span>:{' '}
            {count(list.count, 'device', 'devices')}, saved {list.age}.
          </li>
        ))}
        {deviceLists.length === 0 && <li>No device list is saved on this device.</li>}
        {homeConfigs.map((config) => (
          <li key={`${config.endpoint}|${config.controller}`}>
            Encrypted home configuration of controller{' '}
            <span className="mono break">{config.controller}</span>, saved {config.age} (opens when
            you sign in).
          </li>
        ))}
        <li>Switching between the light and dark theme.</li>
      </ul>
      <h3>Needs a connection</h3>
      <ul>
        <li>Balances, subscriptions, auctions and devices as the parachain has them now.</li>
        <li>Buying or renewing a subscription, adding users and every other transaction.</li>
        <li>Controlling devices and live telemetry (libp2p, IPFS).</li>
        <li>Saving a setup to IPFS or Crust, the season pass and the robot payment.</li>
      </ul>
    </section>
  );
}
