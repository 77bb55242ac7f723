import { useId, useRef } from 'react';
import { useGateways } from '../../../lib/files/ipfs-gateways.ts';
import {
  type ConnectionFacts,
  ConnectionPanel,
  connectionChip,
} from './controls-bar/ConnectionPanel.tsx';
import type { ControlsBarProps } from './controls-bar/controls-bar-props.ts';
import { type DatalogFacts, DatalogPanel, datalogChip } from './controls-bar/DatalogPanel.tsx';
import { IpfsPanel, ipfsChip } from './controls-bar/IpfsPanel.tsx';
import { type ChipName, StateIcon, useDismiss, useOpenPanels } from './controls-bar/panel-kit.tsx';
import {
  type SubscriptionFacts,
  SubscriptionPanel,
  subscriptionChip,
} from './controls-bar/SubscriptionPanel.tsx';
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
  const { ledger, now, devices, controller, user, devicesKeptSince, movedTo, chainFailed } = props;
  const { ready, live, connection, chainUnavailable, choice, onReconnect } = props;
  const { updated, waitingSince, config, states, setupName } = props;
  const id = useId();
  const gateways = useGateways();
  // Each panel's facts, and its chip made from them by the panel's own rule.
  const connectionFacts: ConnectionFacts = {
    connection,
    ready,
    chainFailed,
    chainUnavailable,
    choice,
    onReconnect,
  };
  const subscriptionFacts: SubscriptionFacts = {
    ledger,
    now,
    devices,
    controller,
    user,
    devicesKeptSince,
    chainFailed,
    movedTo,
  };
  const datalogFacts: DatalogFacts = {
    ready,
    live,
    updated,
    waitingSince,
    now,
    config,
    states,
    setupName,
  };
  const chips = [
    connectionChip(connectionFacts),
    subscriptionChip(subscriptionFacts),
    datalogChip(datalogFacts),
    ipfsChip(gateways),
  ];
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
          {...connectionFacts}
          id={panelId('connection')}
          hidden={!open.has('connection')}
        />
        <SubscriptionPanel
          {...subscriptionFacts}
          id={panelId('subscription')}
          hidden={!open.has('subscription')}
        />
        <DatalogPanel {...datalogFacts} id={panelId('datalog')} hidden={!open.has('datalog')} />
        <IpfsPanel id={panelId('ipfs')} hidden={!open.has('ipfs')} />
      </div>
    </section>
  );
}
