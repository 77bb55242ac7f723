import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { BanIcon, CheckIcon, DownloadIcon } from '../../../components/icons.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import { useGateways } from '../../../lib/ipfs-gateways.ts';
import { links } from '../../../lib/route-names.ts';
import type { ConnectionChoice } from '../connection-choice.ts';
import { datalogFreshness, downloadName, type Freshness } from '../datalog-status.ts';
import type { ConnectionState } from '../hooks/use-home.ts';
import { IpfsPanel } from './IpfsPanel.tsx';
import './devices.css';

type ChipState = 'ok' | 'bad' | 'busy';

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

function Chip({
  name,
  state,
  label,
  children,
}: {
  name: string;
  state: ChipState;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="status-chip" data-chip={name} data-state={state}>
      <StateIcon state={state} label={label} />
      {children}
    </li>
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

export interface ControlsBarProps {
  setupName: string;
  controller: string | null;
  /** The signed-in user's address, when there is one. */
  user: string | null;
  devices: string[] | undefined;
  ledger: SubscriptionLedger | null | undefined;
  now: number;
  /** The home is loaded (connection facts apply only then). */
  ready: boolean;
  connection: ConnectionState;
  /** Why the parachain cannot be used now; null while it can. */
  chainUnavailable: string | null;
  choice: ConnectionChoice;
  onReconnect: (choice: ConnectionChoice) => void;
  /** When the shown data was written, ms; null before any arrived. */
  updated: number | null;
  /** Since when the page waits for data, ms. */
  waitingSince: number | null;
  config: unknown;
  states: unknown;
}

/**
 * The devices page's controls: the status line (Libp2p, IPFS, Subscription, Datalog) and a
 * panel for each: the connection (peer-to-peer or parachain, Reconnect, the path in use), the
 * IPFS gateways, the subscription with its controller and user marks, and the datalog's
 * freshness with the config and datalog downloads (docs/product-rules.md).
 */
export function ControlsBar(props: ControlsBarProps) {
  const { ledger, now, devices, controller, user, connection, ready } = props;
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
  const connectionState: ChipState = !ready ? 'busy' : connection.connected ? 'ok' : 'busy';
  const ipfsState: ChipState = gateways.noneAvailable
    ? 'bad'
    : gateways.checking || !gateways.picked
      ? 'busy'
      : 'ok';
  const datalogState: ChipState = !freshness
    ? 'busy'
    : freshness.kind === 'updated'
      ? 'ok'
      : freshness.kind === 'stale'
        ? 'bad'
        : 'busy';

  return (
    <section className="stack-s" aria-label="Controls">
      <ul className="status-chips" aria-label="Status">
        <Chip
          name="connection"
          state={connectionState}
          label={connection.connected ? 'connected' : 'connecting'}
        >
          {connection.type === 'libp2p' ? 'Libp2p' : 'Parachain'}
        </Chip>
        <Chip
          name="ipfs"
          state={ipfsState}
          label={
            ipfsState === 'ok'
              ? 'gateway available'
              : ipfsState === 'bad'
                ? 'no gateway'
                : 'checking'
          }
        >
          IPFS
        </Chip>
        <Chip
          name="subscription"
          state={allowed ? 'ok' : subscription === 'not known yet' ? 'busy' : 'bad'}
          label={allowed ? 'active, with controller and user' : 'not ready for control'}
        >
          Subscription
        </Chip>
        <Chip name="datalog" state={datalogState} label={freshness?.text ?? 'waiting'}>
          Datalog
        </Chip>
      </ul>
      <div className="controls-bar">
        <ConnectionPanel {...props} />
        <section className="card stack-s" aria-label="Subscription">
          <h2 className="small row">
            <StateIcon
              state={allowed ? 'ok' : 'bad'}
              label={allowed ? 'ready for control' : 'not ready for control'}
            />
            Subscription
          </h2>
          <p data-testid="telemetry-subscription">
            Subscription: {subscription}
            {subscription !== 'active' && subscription !== 'not known yet' && (
              <>
                {' '}
                · <Link to={links.activate}>Renew</Link>
              </>
            )}
          </p>
          <p className="row" data-testid="telemetry-controller">
            {controller ? (
              <>
                Controller: <Address address={controller} copy={false} />
                <DeviceMark address={controller} devices={devices} />
                <Link to={links.setup}>Settings</Link>
              </>
            ) : (
              <>
                Controller not found · <Link to={links.setup}>Settings</Link>
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
        </section>
        <DatalogPanel {...props} freshness={freshness} />
        <IpfsPanel className="controls-wide" />
      </div>
    </section>
  );
}

function ConnectionPanel({
  connection,
  ready,
  choice,
  onReconnect,
  chainUnavailable,
}: ControlsBarProps) {
  const id = useId();
  const [selected, setSelected] = useState<ConnectionChoice>(choice);
  useEffect(() => setSelected(choice), [choice]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onReconnect(selected);
  };
  return (
    <section className="card stack-s" aria-label="Connection">
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
      {chainUnavailable && (
        <p className="small" data-testid="parachain-unavailable">
          The parachain path is unavailable: {chainUnavailable} Commands can go only peer-to-peer
          until it answers.
        </p>
      )}
      <form className="row" aria-label="Connection type" onSubmit={onSubmit}>
        <label htmlFor={`${id}-type`} className="small">
          Connection type
        </label>
        <select
          id={`${id}-type`}
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
    </section>
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
  updated,
  config,
  states,
  setupName,
}: ControlsBarProps & { freshness: Freshness | null }) {
  const save = (kind: 'Config' | 'Datalog', content: unknown) =>
    downloadFile(
      downloadName(kind, window.location.host, setupName, updated ?? Date.now()),
      JSON.stringify(content, null, 2),
    );
  return (
    <section className="card stack-s" aria-label="Datalog">
      <h2 className="small">Datalog</h2>
      <p className="row" data-testid="datalog-freshness" data-kind={freshness?.kind}>
        {freshness?.kind === 'trying' && <span className="spinner" aria-hidden="true" />}
        {freshness?.text ?? 'You need to login first'}
      </p>
      <DownloadRow kind="Config" content={config} onSave={save} />
      <DownloadRow kind="Datalog" content={states} onSave={save} />
    </section>
  );
}
