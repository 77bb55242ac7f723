import {
  type GatewayEntry,
  NO_GATEWAYS_TEXT,
  NO_VERIFIED_GATEWAYS_TEXT,
} from '@robonomics-dapp/robonomics/ipfs/gateways';
import { type FormEvent, useId, useState } from 'react';
import { gatewaySelector, useGateways } from '../../../../lib/files/ipfs-gateways.ts';
import type { Chip } from './panel-kit.tsx';

export interface IpfsPanelProps {
  /** The panel's id, for the control that opens it. */
  id?: string;
  /** Closed: kept in the page, not shown. */
  hidden?: boolean;
}

/** The IPFS chip: a gateway picked and answering, still being checked, or none available. */
export function ipfsChip({
  noneAvailable,
  checking,
  picked,
}: Pick<ReturnType<typeof useGateways>, 'noneAvailable' | 'checking' | 'picked'>): Chip {
  if (noneAvailable) {
    return { name: 'ipfs', state: 'bad', label: 'No IPFS gateway', meaning: 'no gateway' };
  }
  if (checking || !picked) {
    return { name: 'ipfs', state: 'busy', label: 'IPFS', meaning: 'checking' };
  }
  return { name: 'ipfs', state: 'ok', label: 'IPFS', meaning: 'gateway available' };
}

/** The last result stays shown while the gateway is checked again. */
function entryStatus(entry: GatewayEntry): string {
  if (entry.state === 'ok') return `${entry.ms} ms`;
  if (entry.state === 'failed' || entry.state === 'mismatch')
    return `unavailable: ${entry.error ?? 'no answer'}`;
  return entry.checking ? 'checking…' : 'not checked yet';
}

/**
 * The IPFS gateways of this device, self-contained: the ranked list (unavailable ones greyed
 * and not selectable), the picked one in bold with a check mark, a Remove button for the user's
 * own, a row to add one ("Switch gateway" adds, picks and checks it), "Checking available
 * gateways" while the picked one is being replaced, and what to do when none answers. Reads
 * and changes the app's one gateway choice (lib/files/ipfs-gateways.ts).
 */
export function IpfsPanel({ id: panelId, hidden }: IpfsPanelProps) {
  const { entries, picked, checking, noneAvailable, unverified } = useGateways();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const added = gatewaySelector.add(input);
    if (added.ok) {
      setInput('');
      setError(null);
    } else setError(added.error);
  };

  return (
    <section id={panelId} className="card stack-s" aria-label="IPFS" hidden={hidden}>
      <h2 className="small">IPFS</h2>
      <p className="small muted">
        Gateways are ranked by speed. If Datalog or Config file fails to load, pick any other
        gateway from the list.
      </p>
      {checking && (
        <p className="small row" role="status">
          <span className="spinner" aria-hidden="true" /> Checking available gateways
        </p>
      )}
      {noneAvailable && !checking && (
        <p className="small error" role="alert">
          {unverified ? NO_VERIFIED_GATEWAYS_TEXT : NO_GATEWAYS_TEXT}
        </p>
      )}
      <fieldset className="gateway-list">
        <legend className="small muted">Gateway</legend>
        <ul className="plain-list">
          {entries.map((entry) => {
            const active = entry.origin === picked;
            // A gateway that sent the wrong bytes is not offered either (it is listed last).
            const unavailable = entry.state === 'failed' || entry.state === 'mismatch';
            return (
              <li
                key={entry.origin}
                className={`row gateway-row${unavailable ? ' gateway-unavailable' : ''}`}
                data-gateway={entry.origin}
                data-state={entry.state}
                aria-busy={entry.checking || undefined}
                aria-current={active ? 'true' : undefined}
              >
                <label className="row gateway-choice">
                  <input
                    type="radio"
                    name={`${id}-gateway`}
                    value={entry.origin}
                    checked={active}
                    disabled={unavailable}
                    onChange={() => gatewaySelector.pick(entry.origin)}
                  />
                  <span className={`mono break${active ? ' gateway-active' : ''}`}>
                    {entry.origin}
                    {active && ' ✓'}
                  </span>
                </label>
                <span className="small muted" data-testid="gateway-status">
                  {entryStatus(entry)}
                </span>
                {entry.user && (
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Remove ${entry.origin}`}
                    onClick={() => gatewaySelector.remove(entry.origin)}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <form className="stack-s" aria-label="Add your gateway" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-custom`} className="small">
          Add your gateway
        </label>
        <div className="row">
          <input
            id={`${id}-custom`}
            className="input"
            placeholder="https://gateway.example.org"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={input}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setInput(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" disabled={!input.trim()}>
            Switch gateway
          </button>
        </div>
        {error && (
          <p className="small error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
