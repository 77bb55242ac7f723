import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import { buildLaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { UserSignIn } from '../../../components/UserSignIn.tsx';
import { chainUnavailableText } from '../../../lib/actions/chain-unavailable.ts';
import { useDeviceList } from '../../../lib/chain/use-devices.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { appConfig } from '../../../lib/shell/config.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useToasts } from '../../../lib/stores/toasts.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import {
  type CommandStatus,
  commandStatusText,
  entityMark,
  errorReason,
} from '../command-status.ts';
import {
  type ConnectionChoice,
  readConnectionChoice,
  writeConnectionChoice,
} from '../connection-choice.ts';
import { markHome } from '../home-marks.ts';
import { useHome } from '../hooks/use-home.ts';
import { sendLaunch } from '../send-launch.ts';
import { ControlsBar, DeviceListKept } from './ControlsBar.tsx';
import HomeDashboard from './HomeDashboard.tsx';
import { HomeNotices } from './HomeNotices.tsx';

markHome('page');

/**
 * The key kept on this device for the remembered user, opened as soon as the page runs, beside
 * the home's first reads (the sign-in form asks for the same query and shares it). True while
 * the key of the user remembered when the page opened is being opened: the sign-in form waits
 * behind it, so it does not show for a moment to a returning user.
 */
function useKeptKeyOpening(): boolean {
  const { user, pair, restore, restored } = useUserKey();
  const [remembered] = useState(user);
  // Opened before this page rendered (the early start): the sign-in still says the key was kept.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (restored && user) queryClient.setQueryData(['sealed-key', user], true);
  }, [restored, user, queryClient]);
  const query = useQuery({
    queryKey: ['sealed-key', user],
    queryFn: () => restore(user!),
    enabled: user !== null && !pair,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return user !== null && user === remembered && !pair && query.isPending;
}

let commandIds = 0;

export function DevicesPage() {
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
  const devices = deviceList.devices;
  const ledger = useLedger(owner);
  const { user, pair } = useUserKey();
  const keyOpening = useKeptKeyOpening();
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
  const home = useHome(controller, pair, pair ? user : null, request, user !== null);
  useEffect(() => {
    if (pair) markHome('key');
  }, [pair]);
  // Since when the page waits for the home's data: the moment a user is signed in.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => setWaitingSince(pair && controller ? Date.now() : null), [pair, controller]);

  // The last command of each entity, shown on its card; each has one toast, updated in place.
  const [commands, setCommands] = useState<Record<string, CommandStatus>>({});
  const statesRef = useRef(home.states);
  statesRef.current = home.states;
  const send = useCallback(
    (entityId: string, domain: string) => (service: string, params?: Record<string, unknown>) => {
      if (!owner || !controller || !pair || !user) return;
      const id = ++commandIds;
      const step = `command:${id}`;
      let reason: string | null = null;
      const update = (status: CommandStatus['status']) =>
        setCommands((all) =>
          all[entityId]?.id === id || status === 'pending'
            ? {
                ...all,
                [entityId]: {
                  id,
                  status,
                  reason,
                  before:
                    all[entityId]?.id === id
                      ? all[entityId]!.before
                      : entityMark(statesRef.current?.entities[entityId]),
                },
              }
            : all,
        );
      update('pending');
      void sendLaunch(
        {
          owner,
          controller,
          user: pair,
          userAddress: user,
          devices,
          ipfsApi: appConfig.ipfsApi,
          channel:
            home.connection.type === 'libp2p' && home.connection.connected ? home.peer : null,
          notify: (text, kind) => {
            if (kind === 'error') reason = errorReason(text);
            notify(text, { kind, step });
          },
          onStatus: update,
          onHomeNotListening: home.notListening,
        },
        buildLaunchCommand(domain, service, entityId, params),
      ).then(() => useToasts.getState().finish(step));
    },
    [owner, controller, pair, user, devices, home.peer, home.connection, home.notListening, notify],
  );
  const statusOf = (entityId: string) => {
    const command = commands[entityId];
    return command && commandStatusText(command, home.states?.entities[entityId]);
  };

  return (
    <>
      <PageHeading title="Devices control panel">
        {!user &&
          'Sign in as a user of your subscription to see your home and control its devices.'}
      </PageHeading>
      {!setup ? (
        <section className="card stack-s">
          <p>
            Choose or add a setup first: the page needs the subscription owner and its Home
            Assistant controller.
          </p>
          <div className="row">
            <Link className="button" to={routePaths.setups}>
              Your setup
            </Link>
            <Link className="button" to={routePaths.newSetup}>
              New setup
            </Link>
          </div>
        </section>
      ) : (
        <div className="stack home-page">
          <HomeNotices setup={setup} updated={home.updated} config={home.config} />
          <section className="home-account" aria-label="Account">
            {keyOpening ? (
              <p className="loading small" role="status">
                Opening the key kept on this device
              </p>
            ) : devices ? (
              <UserSignIn users={devices} />
            ) : chainUnavailable && chain.state === 'error' ? (
              <p className="error small" role="alert">
                The subscription's users cannot be read: {chainUnavailable}
              </p>
            ) : (
              <p className="loading small">Loading users</p>
            )}
            {devices &&
              !deviceList.live &&
              deviceList.seen !== undefined &&
              !pair &&
              !keyOpening && <DeviceListKept time={deviceList.seen} />}
          </section>
          <ControlsBar
            setupName={setup.name}
            controller={controller}
            user={pair ? user : null}
            devices={devices}
            devicesKeptSince={
              devices && !deviceList.live && pair ? (deviceList.seen ?? null) : null
            }
            ledger={ledger}
            now={now}
            ready={home.phase === 'ready'}
            live={home.live}
            connection={home.connection}
            chainUnavailable={chainUnavailable}
            chainFailed={chain.state === 'error'}
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
          {home.waiting === 'unreadable' && (
            <p className="loading" role="status">
              Your home is not readable for this user yet: waiting for the controller's next record
            </p>
          )}
          {home.waiting === 'unpublished' && (
            <p className="loading" role="status" data-testid="home-unpublished">
              The controller has not published any telemetry yet. Waiting for your home's first
              publication: its first datalog record, its config on the digital twin, or its states
              sent peer-to-peer. The home appears here as soon as one arrives.
            </p>
          )}
          {home.phase === 'error' && (
            <p className="error" role="alert">
              {home.error}
            </p>
          )}
          {home.states && (
            <HomeDashboard
              states={home.states}
              config={home.config}
              live={home.live}
              send={send}
              statusOf={statusOf}
            />
          )}
        </div>
      )}
    </>
  );
}
