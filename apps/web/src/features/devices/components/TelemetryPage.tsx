import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import {
  buildLaunchCommand,
  type LaunchStatus,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { UserSignIn } from '../../../components/UserSignIn.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { appConfig } from '../../../lib/config.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { links } from '../../../lib/route-names.ts';
import { useSavedSetups } from '../../../lib/saved-setups.ts';
import { useToasts } from '../../../lib/toasts.ts';
import { useDevices } from '../../../lib/use-devices.ts';
import { useLedger } from '../../../lib/use-ledger.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { type ConnectionState, useHome } from '../hooks/use-home.ts';
import { sendLaunch } from '../send-launch.ts';
import HomeDashboard from './HomeDashboard.tsx';
import { IpfsPanel } from './IpfsPanel.tsx';

const STATUS_TEXT: Record<LaunchStatus, string> = {
  pending: 'Waiting for request complete',
  approved: 'Waiting for request complete',
  success: 'All done!',
  declined: 'Request was declined',
  error: 'Request was not complete',
};

/** "Libp2p (via relay) ✓", "Libp2p (direct) ✓", "Parachain ✓" or "… · Connecting". */
function connectionText(connection: ConnectionState): string {
  const type = connection.type === 'libp2p' ? 'Libp2p' : 'Parachain';
  const how =
    connection.type !== 'libp2p'
      ? ''
      : connection.status
        ? ` (${connection.status})`
        : connection.path === 'direct'
          ? ' (direct)'
          : '';
  return `${type}${how}${connection.connected ? ' ✓' : ' · Connecting'}`;
}

export function TelemetryPage() {
  const now = useNow();
  const client = useChain((s) => s.client);
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const { setups, active } = useSavedSetups();
  const setup = setups.find((s) => s.network === network && s.owner === active[network]);
  const owner = setup?.owner ?? null;
  const controller = setup?.controller?.address ?? null;
  const devices = useDevices(owner);
  const ledger = useLedger(owner);
  const { user, pair } = useUserKey();
  const notify = useToasts((s) => s.notify);
  const home = useHome(controller, pair, pair ? user : null);
  const [statuses, setStatuses] = useState<Record<string, LaunchStatus>>({});

  const send = useCallback(
    (entityId: string, domain: string) => (service: string, params?: Record<string, unknown>) => {
      if (!owner || !controller || !pair || !user) return;
      setStatuses((s) => ({ ...s, [entityId]: 'pending' }));
      void (async () => {
        await sendLaunch(
          {
            client,
            owner,
            controller,
            user: pair,
            userAddress: user,
            ipfsApi: appConfig.ipfsApi,
            channel:
              home.connection.type === 'libp2p' && home.connection.connected ? home.peer : null,
            notify: (text, kind) => notify(text, { kind }),
            onStatus: (status) => setStatuses((s) => ({ ...s, [entityId]: status })),
          },
          buildLaunchCommand(domain, service, entityId, params),
        );
      })();
    },
    [client, owner, controller, pair, user, home.peer, home.connection, notify],
  );

  const subscriptionText = !ledger
    ? 'not found'
    : isSubscriptionActive(ledger, now)
      ? 'active'
      : 'expired';
  return (
    <>
      <PageHeading title="Devices control panel">
        Sign in as a user of your subscription to see your home and control its devices.
      </PageHeading>
      {!setup ? (
        <section className="card stack">
          <p>
            Choose or add a setup first: the page needs the subscription owner and its Home
            Assistant controller.
          </p>
          <div className="row">
            <Link className="button" to={links.setup}>
              Your setup
            </Link>
            <Link className="button" to={links.setupnew}>
              New setup
            </Link>
          </div>
        </section>
      ) : (
        <div className="stack">
          <section className="card stack-s" aria-label="Controls">
            <dl className="facts small">
              <dt>Subscription</dt>
              <dd data-testid="telemetry-subscription">
                {subscriptionText}
                {subscriptionText !== 'active' && (
                  <>
                    {' '}
                    · <Link to={links.activate}>Renew</Link>
                  </>
                )}
              </dd>
              <dt>Controller</dt>
              <dd>
                {controller ? (
                  <Address address={controller} />
                ) : (
                  <>
                    Controller not found · <Link to={links.setup}>settings</Link>
                  </>
                )}
              </dd>
              <dt>Connection</dt>
              <dd data-testid="connection-type" data-path={home.connection.path ?? undefined}>
                {home.phase === 'ready' ? connectionText(home.connection) : '—'}
              </dd>
              <dt>Updated</dt>
              <dd data-testid="telemetry-updated">
                {home.updated ? formatDateTime(home.updated) : '—'}
              </dd>
            </dl>
            {devices ? (
              <UserSignIn users={devices} />
            ) : (
              <p className="loading small">Loading users</p>
            )}
          </section>
          <IpfsPanel />
          {controller && pair && home.phase === 'loading' && (
            <p className="loading" role="status">
              Loading your home
            </p>
          )}
          {home.phase === 'waiting' && (
            <p className="loading" role="status">
              Your home is not readable for this user yet: waiting for the controller's next record
            </p>
          )}
          {home.phase === 'error' && (
            <p className="error" role="alert">
              {home.error === 'decryptMsg' ? 'Error: decryptMsg' : home.error}
            </p>
          )}
          {home.states && (
            <HomeDashboard
              states={home.states}
              config={home.config}
              send={send}
              statusOf={(id) => (statuses[id] ? STATUS_TEXT[statuses[id]!] : undefined)}
            />
          )}
        </div>
      )}
    </>
  );
}
