import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ConnectionChoice } from '../../commands/connection-choice.ts';
import type { ConnectionState } from '../../hooks/use-home.ts';
import type { ControlsBarProps } from './controls-bar-props.ts';
import { type Chip, Panel } from './panel-kit.tsx';

/** What the connection's chip and panel are made of. */
export type ConnectionFacts = Pick<
  ControlsBarProps,
  'connection' | 'ready' | 'chainFailed' | 'chainUnavailable' | 'choice' | 'onReconnect'
>;

/** Peer-to-peer was tried and failed: the home is reached through the parachain instead. */
const peerFailedOf = (connection: ConnectionState) =>
  connection.type === 'parachain' && connection.note !== null;

/**
 * The connection's chip: the way in use (Libp2p or Parachain), or, once the home is shown, that
 * peer-to-peer failed or that the parachain, the way in use, does not answer.
 */
export function connectionChip({
  connection,
  ready,
  chainFailed,
}: Pick<ConnectionFacts, 'connection' | 'ready' | 'chainFailed'>): Chip {
  const chip = { name: 'connection' } as const;
  if (!ready) {
    const label = connection.type === 'libp2p' ? 'Libp2p' : 'Parachain';
    return { ...chip, state: 'busy', label, meaning: 'connecting' };
  }
  const meaning = connection.connected ? 'connected' : 'connecting';
  if (peerFailedOf(connection)) {
    return { ...chip, state: 'bad', label: 'Peer-to-peer failed', meaning };
  }
  if (connection.type === 'parachain' && chainFailed) {
    return { ...chip, state: 'bad', label: 'Parachain unreachable', meaning };
  }
  const label = connection.type === 'libp2p' ? 'Libp2p' : 'Parachain';
  return { ...chip, state: connection.connected ? 'ok' : 'busy', label, meaning };
}

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

/** The connection chip's panel: the way in use, why peer-to-peer is not, and Reconnect. */
export function ConnectionPanel({
  connection,
  ready,
  choice,
  onReconnect,
  chainUnavailable,
  id,
  hidden,
}: ConnectionFacts & { id: string; hidden: boolean }) {
  const peerFailed = peerFailedOf(connection);
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
