import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { BanIcon, CheckIcon, DownloadIcon } from '../../../components/icons.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { useGateways } from '../../../lib/files/ipfs-gateways.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { asOfText, formatDate } from '../../../lib/time/format-date.ts';
import type { ConnectionChoice } from '../connection-choice.ts';
import { datalogFreshness, downloadName, type Freshness, timeAgo } from '../datalog-status.ts';
import type { ConnectionState } from '../hooks/use-home.ts';
import { IpfsPanel } from './IpfsPanel.tsx';
import './devices.css';

type ChipState = 'ok' | 'bad' | 'busy';
type ChipName = 'connection' | 'ipfs' | 'subscription' | 'datalog';

/** "Libp2p (via relay) ✓", "Libp2p (direct) ✓", "Parachain ✓" or "… · Connecting". */
export function connectionText(connection: ConnectionState): string {
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

const PATH_TEXT: Record<NonNullable<ConnectionState['path']>, string> = {
  relay: 'Peer-to-peer through the relay',
  direct: 'Peer-to-peer, directly to the controller',
  parachain:
    "Through the parachain: commands as transactions, updates with the controller's records",
};

/** How the home's proxy talks: the one homes run (mplex) or the newer style (yamux). */
function framingText(multiplexer: string): string {
  return multiplexer.startsWith('/mplex/')
    ? 'mplex, raw JSON (the proxy Home Assistant homes run)'
    : `${multiplexer.split('/')[1] ?? multiplexer}, length-prefixed JSON`;
}

/** A state icon: a check, a ban sign or a spinner; its meaning is in `label`. */
function StateIcon({ state, label }: { state: ChipState; label: string }) {
  return (
    <span className={`state-icon mark-${state}`} role="img" aria-label={label}>
      {state === 'ok' ? (
        <CheckIcon width="16" height="16" />
      ) : state === 'bad' ? (
        <BanIcon width="16" height="16" />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </span>
  );
}

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

export interface ControlsBarProps {
  setupName: string;
  controller: string | null;
  /** The signed-in user's address, when there is one. */
  user: string | null;
  devices: string[] | undefined;
  /**
   * When the device list shown was seen on this device, while the parachain has not answered
   * and a user is signed in (before that, the sign-in says it).
   */
  devicesKeptSince: number | null;
  ledger: SubscriptionLedger | null | undefined;
  /** Where this browser moved the subscription (rws.transfer), if it did. */
  movedTo?: { to: string; at: number } | null;
  now: number;
  /** The home is shown (connection facts apply only then). */
  ready: boolean;
  /** The home shown came over the network on this visit; false while it is the kept copy. */
  live: boolean;
  connection: ConnectionState;
  /** Why the parachain cannot be used now; null while it can. */
  chainUnavailable: string | null;
  /** The parachain node failed to answer (not merely not connected yet). */
  chainFailed: boolean;
  choice: ConnectionChoice;
  onReconnect: (choice: ConnectionChoice) => void;
  /** When the shown data was current, ms; null before any arrived. */
  updated: number | null;
  /** Since when the page waits for data, ms. */
  waitingSince: number | null;
  config: unknown;
  states: unknown;
}

/** One status chip: its state, the words for it, and its label (which says what is wrong). */
interface Chip {
  name: ChipName;
  state: ChipState;
  label: string;
  /** What the state means, for screen readers. */
  meaning: string;
  /**
   * When the home's data shown was current (ms): kept with the page's markup, so that the page
   * as last seen, painted on the next visit, says how old it is (lib/shell/home-preview.ts).
   */
  updated?: number;
}

/**
 * Opens a chip's panel by itself when the chip turns unhealthy ('bad'); once the user closes it,
 * it opens by itself again only after the chip was healthy in between.
 */
function useOpenPanels(chips: Chip[]) {
  const [open, setOpen] = useState<ReadonlySet<ChipName>>(() => new Set());
  const armed = useRef(new Set<ChipName>(['connection', 'subscription', 'datalog', 'ipfs']));
  const bad = chips
    .filter((c) => c.state === 'bad')
    .map((c) => c.name)
    .join(' ');
  const ok = chips
    .filter((c) => c.state === 'ok')
    .map((c) => c.name)
    .join(' ');
  useEffect(() => {
    for (const name of ok.split(' ')) if (name) armed.current.add(name as ChipName);
    const opening = bad.split(' ').filter((n) => n && armed.current.has(n as ChipName));
    if (opening.length === 0) return;
    for (const name of opening) armed.current.delete(name as ChipName);
    setOpen((current) => new Set([...current, ...(opening as ChipName[])]));
  }, [bad, ok]);
  const toggle = (name: ChipName) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const close = useCallback(() => setOpen((current) => (current.size ? new Set() : current)), []);
  return { open, toggle, close };
}

/**
 * The open panels float over the page under the chips, so opening one (by a tap, or by itself)
 * never moves the cards under the user's finger; a tap elsewhere or Escape closes them, and
 * Escape puts the focus back on the chip it came from.
 */
function useDismiss(bar: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (bar.current && !bar.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const chip = (document.activeElement as HTMLElement | null)
        ?.closest('.controls-panels > [id]')
        ?.getAttribute('id');
      close();
      if (chip) bar.current?.querySelector<HTMLElement>(`[aria-controls="${chip}"]`)?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [bar, open, close]);
}

/**
 * The devices page's controls, compact: a row of status chips (Libp2p or Parachain,
 * Subscription, Datalog, IPFS), each a button opening its panel: the connection (peer-to-peer or
 * parachain, Reconnect, the path in use), the subscription with its controller and user marks,
 * the datalog's freshness with the config and datalog downloads, and the IPFS gateways
 * (docs/product-rules.md). Panels start closed and open over the page, under the chips; a chip
 * that turns unhealthy says so in its label and opens its panel by itself, which says what to do.
 */
export function ControlsBar(props: ControlsBarProps) {
  const { ledger, now, devices, controller, user, connection, ready } = props;
  const id = useId();
  const gateways = useGateways();
  // Undefined: not read yet (or the parachain does not answer); null: there is none.
  const subscription =
    ledger === undefined
      ? 'not known yet'
      : !ledger
        ? 'not found'
        : isSubscriptionActive(ledger, now)
          ? 'active'
          : 'expired';
  const allowed =
    subscription === 'active' &&
    !!devices &&
    !!controller &&
    !!user &&
    devices.includes(controller) &&
    devices.includes(user);
  const freshness: Freshness | null =
    props.waitingSince === null ? null : datalogFreshness(props.updated, props.waitingSince, now);

  const peerFailed = connection.type === 'parachain' && connection.note !== null;
  const parachainDown = connection.type === 'parachain' && props.chainFailed;
  const connectionChip: Chip = {
    name: 'connection',
    state: !ready
      ? 'busy'
      : peerFailed || parachainDown
        ? 'bad'
        : connection.connected
          ? 'ok'
          : 'busy',
    label:
      ready && peerFailed
        ? 'Peer-to-peer failed'
        : ready && parachainDown
          ? 'Parachain unreachable'
          : connection.type === 'libp2p'
            ? 'Libp2p'
            : 'Parachain',
    meaning: !ready ? 'connecting' : connection.connected ? 'connected' : 'connecting',
  };
  const ipfsChip: Chip = {
    name: 'ipfs',
    state: gateways.noneAvailable ? 'bad' : gateways.checking || !gateways.picked ? 'busy' : 'ok',
    label: gateways.noneAvailable ? 'No IPFS gateway' : 'IPFS',
    meaning: gateways.noneAvailable
      ? 'no gateway'
      : gateways.checking || !gateways.picked
        ? 'checking'
        : 'gateway available',
  };
  const devicesKnown = !!devices && !!controller;
  const subscriptionProblem =
    subscription === 'expired'
      ? 'Subscription expired'
      : subscription === 'not found'
        ? 'No subscription'
        : devicesKnown && !devices.includes(controller)
          ? 'Controller not a device'
          : devicesKnown && user && !devices.includes(user)
            ? 'User not a device'
            : props.devicesKeptSince !== null && props.chainFailed
              ? 'Subscription not read'
              : null;
  const subscriptionChip: Chip = {
    name: 'subscription',
    state: allowed ? 'ok' : subscriptionProblem ? 'bad' : 'busy',
    label: subscriptionProblem ?? 'Subscription',
    meaning: allowed ? 'active, with controller and user' : 'not ready for control',
  };
  const kept = ready && !props.live && props.updated !== null;
  const datalogChip: Chip = {
    name: 'datalog',
    state: kept
      ? 'busy'
      : !freshness
        ? 'busy'
        : freshness.kind === 'updated'
          ? 'ok'
          : freshness.kind === 'stale'
            ? 'bad'
            : 'busy',
    label: kept
      ? asOfText(props.updated!, now)
      : freshness?.kind === 'stale'
        ? 'Datalog not updated'
        : 'Datalog',
    meaning: kept ? 'kept on this device, waiting for live data' : (freshness?.text ?? 'waiting'),
    updated: props.updated ?? undefined,
  };
  const chips = [connectionChip, subscriptionChip, datalogChip, ipfsChip];
  const { open, toggle, close } = useOpenPanels(chips);
  const bar = useRef<HTMLElement>(null);
  useDismiss(bar, open.size > 0, close);
  const panelId = (name: ChipName) => `${id}-${name}`;

  return (
    <section className="controls" aria-label="Controls" ref={bar}>
      <ul className="status-chips" aria-label="Status">
        {chips.map((chip) => (
          <li key={chip.name}>
            <button
              type="button"
              className="status-chip"
              data-chip={chip.name}
              data-state={chip.state}
              data-updated={chip.updated}
              aria-expanded={open.has(chip.name)}
              aria-controls={panelId(chip.name)}
              onClick={() => toggle(chip.name)}
            >
              <StateIcon state={chip.state} label={chip.meaning} />
              {chip.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="controls-panels">
        <ConnectionPanel
          {...props}
          id={panelId('connection')}
          hidden={!open.has('connection')}
          peerFailed={peerFailed}
        />
        <Panel id={panelId('subscription')} hidden={!open.has('subscription')} label="Subscription">
          <h2 className="small row">
            <StateIcon
              state={allowed ? 'ok' : 'bad'}
              label={allowed ? 'ready for control' : 'not ready for control'}
            />
            Subscription
          </h2>
          <p data-testid="telemetry-subscription">
            Subscription:{' '}
            {subscription === 'not found' && props.movedTo ? (
              <>
                moved to <span className="mono break">{props.movedTo.to}</span> on{' '}
                {formatDate(props.movedTo.at)}
              </>
            ) : (
              subscription
            )}
            {subscription !== 'active' && subscription !== 'not known yet' && !props.movedTo && (
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
          {subscriptionProblem === 'Controller not a device' && (
            <p className="small">
              The controller is not a device of this subscription, so it cannot publish the home:
              add it in the setup's Settings.
            </p>
          )}
          {subscriptionProblem === 'User not a device' && (
            <p className="small">
              Your user is not a device of this subscription: ask its owner to add it, or sign in as
              another user.
            </p>
          )}
          {props.devicesKeptSince !== null && open.has('subscription') && (
            <DeviceListKept time={props.devicesKeptSince} />
          )}
        </Panel>
        <DatalogPanel
          {...props}
          id={panelId('datalog')}
          hidden={!open.has('datalog')}
          freshness={freshness}
          kept={kept}
        />
        <IpfsPanel id={panelId('ipfs')} hidden={!open.has('ipfs')} />
      </div>
    </section>
  );
}

/** A chip's panel: a card under the chips, hidden while its chip is closed. */
function Panel({
  id,
  hidden,
  label,
  children,
}: {
  id: string;
  hidden: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="card stack-s" aria-label={label} hidden={hidden}>
      {children}
    </section>
  );
}

function ConnectionPanel({
  connection,
  ready,
  choice,
  onReconnect,
  chainUnavailable,
  id,
  hidden,
  peerFailed,
}: ControlsBarProps & { id: string; hidden: boolean; peerFailed: boolean }) {
  const selectId = useId();
  const [selected, setSelected] = useState<ConnectionChoice>(choice);
  useEffect(() => setSelected(choice), [choice]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onReconnect(selected);
  };
  return (
    <Panel id={id} hidden={hidden} label="Connection">
      <h2 className="small">Connection</h2>
      <p
        data-testid="connection-type"
        data-path={connection.path ?? undefined}
        data-multiplexer={connection.multiplexer ?? undefined}
      >
        {ready ? connectionText(connection) : '—'}
      </p>
      <p className="small" data-testid="connection-path">
        {ready && connection.path ? PATH_TEXT[connection.path] : 'Connecting'}
        {ready && connection.multiplexer && ` · ${framingText(connection.multiplexer)}`}
      </p>
      {ready && connection.note && (
        <p className="small" data-testid="connection-note">
          Peer-to-peer is not used: {connection.note}
        </p>
      )}
      {ready && peerFailed && (
        <p className="small">
          Commands go through the parachain as transactions and the home's states come with the
          controller's records, which is slower. Check that your home's Home Assistant and its
          libp2p proxy are running, then press Reconnect to try peer-to-peer again.
        </p>
      )}
      {chainUnavailable && (
        <p className="small" data-testid="parachain-unavailable">
          The parachain path is unavailable: {chainUnavailable} Commands can go only peer-to-peer
          until it answers.
        </p>
      )}
      <form className="row" aria-label="Connection type" onSubmit={onSubmit}>
        <label htmlFor={selectId} className="small">
          Connection type
        </label>
        <select
          id={selectId}
          className="input connection-select"
          value={selected}
          onChange={(e) => setSelected(e.target.value === 'parachain' ? 'parachain' : 'libp2p')}
        >
          <option value="libp2p">Libp2p</option>
          <option value="parachain">Parachain</option>
        </select>
        <button type="submit" className="button">
          Reconnect
        </button>
      </form>
    </Panel>
  );
}

/** "Config is ready" with its download, or "Config is missing" (the same for the datalog). */
function DownloadRow({
  kind,
  content,
  onSave,
}: {
  kind: 'Config' | 'Datalog';
  content: unknown;
  onSave: (kind: 'Config' | 'Datalog', content: unknown) => void;
}) {
  return (
    <p className="row">
      {content ? (
        <>
          {kind} is ready
          <button type="button" className="button small" onClick={() => onSave(kind, content)}>
            <DownloadIcon width="16" height="16" /> Download {kind.toLowerCase()}
          </button>
        </>
      ) : (
        `${kind} is missing`
      )}
    </p>
  );
}

function DatalogPanel({
  freshness,
  kept,
  updated,
  now,
  config,
  states,
  setupName,
  id,
  hidden,
}: ControlsBarProps & { freshness: Freshness | null; kept: boolean; id: string; hidden: boolean }) {
  const save = (kind: 'Config' | 'Datalog', content: unknown) =>
    downloadFile(
      downloadName(kind, window.location.host, setupName, updated ?? Date.now()),
      JSON.stringify(content, null, 2),
    );
  return (
    <Panel id={id} hidden={hidden} label="Datalog">
      <h2 className="small">Datalog</h2>
      <p
        className="row"
        data-testid="datalog-freshness"
        data-kind={kept ? 'kept' : freshness?.kind}
      >
        {(kept || freshness?.kind === 'trying') && <span className="spinner" aria-hidden="true" />}
        {kept
          ? `As last seen on this device, ${timeAgo(updated!, now).toLowerCase()}: waiting for live data`
          : (freshness?.text ?? 'You need to login first')}
      </p>
      {freshness?.kind === 'stale' && (
        <p className="small">
          Nothing has arrived from your home yet. Check that its Home Assistant is running and
          online, and that the controller is a device of the subscription.
        </p>
      )}
      <DownloadRow kind="Config" content={config} onSave={save} />
      <DownloadRow kind="Datalog" content={states} onSave={save} />
    </Panel>
  );
}
