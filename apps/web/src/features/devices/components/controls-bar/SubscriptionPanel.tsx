import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { Link } from 'react-router';
import { Address } from '../../../../components/Address.tsx';
import { routePaths } from '../../../../lib/shell/route-table.ts';
import { formatDate } from '../../../../lib/time/format-date.ts';
import type { ControlsBarProps } from './controls-bar-props.ts';
import { type Chip, Panel, StateIcon } from './panel-kit.tsx';

/** What the page knows of the subscription; "not known yet" until its ledger was read. */
export type SubscriptionWord = 'not known yet' | 'not found' | 'active' | 'expired';

/** What the subscription's chip and panel are made of. */
export type SubscriptionFacts = Pick<
  ControlsBarProps,
  | 'ledger'
  | 'now'
  | 'devices'
  | 'controller'
  | 'user'
  | 'devicesKeptSince'
  | 'chainFailed'
  | 'movedTo'
>;

/**
 * The subscription as the chip and the panel say it: its word, whether the home can be
 * controlled (active, with the controller and the user among its devices), and the first
 * problem, in the chip's words.
 */
function subscriptionStatus({
  ledger,
  now,
  devices,
  controller,
  user,
  devicesKeptSince,
  chainFailed,
}: Omit<SubscriptionFacts, 'movedTo'>): {
  word: SubscriptionWord;
  allowed: boolean;
  problem: string | null;
} {
  // Undefined: not read yet (or the parachain does not answer); null: there is none.
  let word: SubscriptionWord = 'not known yet';
  if (ledger === null) word = 'not found';
  else if (ledger) word = isSubscriptionActive(ledger, now) ? 'active' : 'expired';
  const controllerIn = !!devices && !!controller && includesAddress(devices, controller);
  const userIn = !!devices && !!user && includesAddress(devices, user);
  const allowed = word === 'active' && controllerIn && userIn;
  const devicesKnown = !!devices && !!controller;
  let problem: string | null = null;
  if (word === 'expired') problem = 'Subscription expired';
  else if (word === 'not found') problem = 'No subscription';
  else if (devicesKnown && !controllerIn) problem = 'Controller not a device';
  else if (devicesKnown && user && !userIn) problem = 'User not a device';
  else if (devicesKeptSince !== null && chainFailed) problem = 'Subscription not read';
  return { word, allowed, problem };
}

/** The subscription's chip: ready for control, or its first problem, or still being read. */
export function subscriptionChip(facts: Omit<SubscriptionFacts, 'movedTo'>): Chip {
  const { allowed, problem } = subscriptionStatus(facts);
  return {
    name: 'subscription',
    state: allowed ? 'ok' : problem ? 'bad' : 'busy',
    label: problem ?? 'Subscription',
    meaning: allowed ? 'active, with controller and user' : 'not ready for control',
  };
}

/** A ✓ when the address is a device of the subscription, else a ban sign. */
function DeviceMark({ address, devices }: { address: string; devices: string[] | undefined }) {
  if (!devices) return null;
  const member = includesAddress(devices, address);
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
  id,
  hidden,
  ...facts
}: SubscriptionFacts & { id: string; hidden: boolean }) {
  const { controller, user, devices, movedTo, devicesKeptSince } = facts;
  const { word: subscription, allowed, problem } = subscriptionStatus(facts);
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
