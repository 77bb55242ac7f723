import { Link } from 'react-router';
import { Address } from '../../../../components/Address.tsx';
import { routePaths } from '../../../../lib/shell/route-table.ts';
import { formatDate } from '../../../../lib/time/format-date.ts';
import type { ControlsBarProps } from './controls-bar-props.ts';
import { Panel, StateIcon } from './panel-kit.tsx';

/** What the page knows of the subscription; "not known yet" until its ledger was read. */
export type SubscriptionWord = 'not known yet' | 'not found' | 'active' | 'expired';

/** A ✓ when the address is a device of the subscription, else a ban sign. */
function DeviceMark({ address, devices }: { address: string; devices: string[] | undefined }) {
  if (!devices) return null;
  const member = devices.includes(address);
  return (
    <span data-mark={member ? 'ok' : 'ban'}>
      <StateIcon
        state={member ? 'ok' : 'bad'}
        label={member ? 'a device of the subscription' : 'not a device of the subscription'}
      />
    </span>
  );
}

/** The device list is the one last seen on this device: the parachain has not answered yet. */
export function DeviceListKept({ time }: { time: number }) {
  return (
    <p className="small" data-testid="device-list-kept">
      Users as last seen on this device, {new Date(time).toLocaleString()}: the parachain has not
      answered yet.
    </p>
  );
}

/**
 * The subscription chip's panel: the subscription's state, the controller and the user with
 * whether each is a device of it, and what to do when one is not.
 */
export function SubscriptionPanel({
  controller,
  user,
  devices,
  movedTo,
  devicesKeptSince,
  id,
  hidden,
  subscription,
  allowed,
  problem,
}: ControlsBarProps & {
  id: string;
  hidden: boolean;
  subscription: SubscriptionWord;
  allowed: boolean;
  problem: string | null;
}) {
  return (
    <Panel id={id} hidden={hidden} label="Subscription">
      <h2 className="small row">
        <StateIcon
          state={allowed ? 'ok' : 'bad'}
          label={allowed ? 'ready for control' : 'not ready for control'}
        />
        Subscription
      </h2>
      <p data-testid="telemetry-subscription">
        Subscription:{' '}
        {subscription === 'not found' && movedTo ? (
          <>
            moved to <span className="mono break">{movedTo.to}</span> on {formatDate(movedTo.at)}
          </>
        ) : (
          subscription
        )}
        {subscription !== 'active' && subscription !== 'not known yet' && !movedTo && (
          <>
            {' '}
            · <Link to={routePaths.buy}>Renew</Link>
          </>
        )}
      </p>
      <p className="row" data-testid="telemetry-controller">
        {controller ? (
          <>
            Controller: <Address address={controller} copy={false} />
            <DeviceMark address={controller} devices={devices} />
            <Link to={routePaths.setups}>Settings</Link>
          </>
        ) : (
          <>
            Controller not found · <Link to={routePaths.setups}>Settings</Link>
          </>
        )}
      </p>
      <p className="row" data-testid="telemetry-user">
        {user ? (
          <>
            User: <Address address={user} copy={false} />
            <DeviceMark address={user} devices={devices} />
          </>
        ) : (
          'You need to login first'
        )}
      </p>
      {problem === 'Controller not a device' && (
        <p className="small">
          The controller is not a device of this subscription, so it cannot publish the home: add it
          in the setup's Settings.
        </p>
      )}
      {problem === 'User not a device' && (
        <p className="small">
          Your user is not a device of this subscription: ask its owner to add it, or sign in as
          another user.
        </p>
      )}
      {devicesKeptSince !== null && !hidden && <DeviceListKept time={devicesKeptSince} />}
    </Panel>
  );
}
