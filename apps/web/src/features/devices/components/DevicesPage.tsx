import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { UserSignIn } from '../../../components/UserSignIn.tsx';
import { chainUnavailableText } from '../../../lib/actions/chain-unavailable.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useSubscriptionDeviceList } from '../../../lib/chain/use-subscription-devices.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { readSubscriptionMove } from '../../../lib/storage/subscription-moves.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { markHome } from '../first-paint/home-marks.ts';
import { useCommands } from '../hooks/use-commands.ts';
import { useConnectionRequest } from '../hooks/use-connection-request.ts';
import { useHome } from '../hooks/use-home.ts';
import { useKeptKeyOpening } from '../hooks/use-kept-key-opening.ts';
import { ControlsBar } from './ControlsBar.tsx';
import { DeviceListKept } from './controls-bar/SubscriptionPanel.tsx';
import HomeDashboard from './HomeDashboard.tsx';
import { HomeNotices } from './HomeNotices.tsx';

markHome('page');

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
  const deviceList = useSubscriptionDeviceList(owner);
  const devices = deviceList.devices;
  const ledger = useLedger(owner);
  const { user, pair } = useUserKey();
  const keyOpening = useKeptKeyOpening();
  const { request, reconnect } = useConnectionRequest(owner);
  const home = useHome(
    controller,
    pair,
    pair ? user : null,
    request,
    user !== null,
    pair || keyOpening ? user : null,
  );
  useEffect(() => {
    if (pair) markHome('key');
  }, [pair]);
  // Since when the page waits for the home's data: the moment a user is signed in.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => setWaitingSince(pair && controller ? Date.now() : null), [pair, controller]);

  const { send, statusOf } = useCommands({ owner, controller, user, pair, devices, home });

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
            movedTo={readSubscriptionMove(chain.endpoint, setup.owner)}
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
