import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { useId, useRef } from 'react';
import { useGateways } from '../../../lib/files/ipfs-gateways.ts';
import { asOfText } from '../../../lib/time/format-date.ts';
import { datalogFreshness, type Freshness } from '../view/datalog-status.ts';
import { ConnectionPanel } from './controls-bar/ConnectionPanel.tsx';
import type { ControlsBarProps } from './controls-bar/controls-bar-props.ts';
import { DatalogPanel } from './controls-bar/DatalogPanel.tsx';
import { IpfsPanel } from './controls-bar/IpfsPanel.tsx';
import {
  type Chip,
  type ChipName,
  StateIcon,
  useDismiss,
  useOpenPanels,
} from './controls-bar/panel-kit.tsx';
import { SubscriptionPanel, type SubscriptionWord } from './controls-bar/SubscriptionPanel.tsx';
import './devices.css';

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
  const subscription: SubscriptionWord =
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
        <SubscriptionPanel
          {...props}
          id={panelId('subscription')}
          hidden={!open.has('subscription')}
          subscription={subscription}
          allowed={allowed}
          problem={subscriptionProblem}
        />
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
