import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import {
  buildLaunchCommand,
  type LaunchStatus,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { UserSignIn } from '../../../components/UserSignIn.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { appConfig } from '../../../lib/config.ts';
import { links } from '../../../lib/route-names.ts';
import { useSavedSetups } from '../../../lib/saved-setups.ts';
import { useToasts } from '../../../lib/toasts.ts';
import { useDeviceList } from '../../../lib/use-devices.ts';
import { useLedger } from '../../../lib/use-ledger.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { chainUnavailableText } from '../chain-unavailable.ts';
import {
  type ConnectionChoice,
  readConnectionChoice,
  writeConnectionChoice,
} from '../connection-choice.ts';
import { markHome } from '../home-marks.ts';
import { useHome } from '../hooks/use-home.ts';
import { sendLaunch } from '../send-launch.ts';
import { ControlsBar } from './ControlsBar.tsx';
import HomeDashboard from './HomeDashboard.tsx';

markHome('page');

const STATUS_TEXT: Record<LaunchStatus, string> = {
  pending: 'Waiting for request complete',
  approved: 'Waiting for request complete',
  success: 'All done!',
  declined: 'Request was declined',
  error: 'Request was not complete',
};

export function TelemetryPage() {
  const now = useNow(60_000);
  const client = useChain((s) => s.client);
  const chain = {
    state: useChain((s) => s.state),
    error: useChain((s) => s.error),
    endpoint: useChain((s) => s.endpoint),
  };
  const chainUnavailable = client ? null : chainUnavailableText(chain);
  const network = networkOfEndpoint(chain.endpoint);
  const { setups, active } = useSavedSetups();
  const setup = setups.find((s) => s.network === network && s.owner === active[network]);
  const owner = setup?.owner ?? null;
  const controller = setup?.controller?.address ?? null;
  const deviceList = useDeviceList(owner);
  const devices = deviceList?.addresses;
  const ledger = useLedger(owner);
  const { user, pair } = useUserKey();
  const notify = useToasts((s) => s.notify);
  const [request, setRequest] = useState<{ type: ConnectionChoice; attempt: number }>(() => ({
    type: readConnectionChoice(owner),
    attempt: 0,
  }));
  // Another setup: its own connection choice.
  useEffect(() => setRequest({ type: readConnectionChoice(owner), attempt: 0 }), [owner]);
  const reconnect = useCallback(
    (type: ConnectionChoice) => {
      if (owner) writeConnectionChoice(owner, type);
      setRequest((r) => ({ type, attempt: r.attempt + 1 }));
    },
    [owner],
  );
  const home = useHome(controller, pair, pair ? user : null, request);
  useEffect(() => {
    if (pair) markHome('key');
    if (home.config) markHome('config');
    if (home.states) markHome('states');
    if (home.connection.type === 'libp2p' && home.connection.connected) markHome('libp2p');
  }, [pair, home.config, home.states, home.connection]);
  // Since when the page waits for the home's data: the moment a user is signed in.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => setWaitingSince(pair && controller ? Date.now() : null), [pair, controller]);
  const [statuses, setStatuses] = useState<Record<string, LaunchStatus>>({});

  const send = useCallback(
    (entityId: string, domain: string) => (service: string, params?: Record<string, unknown>) => {
      if (!owner || !controller || !pair || !user) return;
      setStatuses((s) => ({ ...s, [entityId]: 'pending' }));
      void (async () => {
        await sendLaunch(
          {
            client,
            chainUnavailable: chainUnavailable ?? '',
            owner,
            controller,
            user: pair,
            userAddress: user,
            devices,
            ipfsApi: appConfig.ipfsApi,
            channel:
              home.connection.type === 'libp2p' && home.connection.connected ? home.peer : null,
            notify: (text, kind) => notify(text, { kind }),
            onStatus: (status) => setStatuses((s) => ({ ...s, [entityId]: status })),
            onHomeNotListening: home.notListening,
          },
          buildLaunchCommand(domain, service, entityId, params),
        );
      })();
    },
    [
      client,
      chainUnavailable,
      owner,
      controller,
      pair,
      user,
      devices,
      home.peer,
      home.connection,
      home.notListening,
      notify,
    ],
  );

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
          <section className="card stack-s">
            {devices ? (
              <UserSignIn users={devices} />
            ) : chainUnavailable && chain.state === 'error' ? (
              <p className="error small" role="alert">
                The subscription's users cannot be read: {chainUnavailable}
              </p>
            ) : (
              <p className="loading small">Loading users</p>
            )}
            {deviceList && !deviceList.live && (
              <p className="small" data-testid="device-list-kept">
                Users as last seen on this device, {new Date(deviceList.time).toLocaleString()}: the
                parachain has not answered yet.
              </p>
            )}
          </section>
          <ControlsBar
            setupName={setup.name}
            controller={controller}
            user={pair ? user : null}
            devices={devices}
            ledger={ledger}
            now={now}
            ready={home.phase === 'ready'}
            connection={home.connection}
            chainUnavailable={chainUnavailable}
            choice={request.type}
            onReconnect={reconnect}
            updated={home.updated}
            waitingSince={waitingSince}
            config={home.config}
            states={home.states}
          />
          {controller && pair && home.phase === 'loading' && (
            <p className="loading" role="status">
              {chainUnavailable && !home.config
                ? `Waiting for your home: this device keeps no copy of its config, and the parachain cannot be read. ${chainUnavailable}`
                : 'Loading your home'}
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
