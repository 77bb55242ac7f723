import { KNOWN_ENDPOINTS } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { type FormEvent, useState } from 'react';
import { ChainNetwork } from '../../components/ChainNetwork.tsx';
import { usePopover } from '../../components/use-popover.ts';
import { isDevnetEndpoint, shownNetworkOf } from '../../lib/shell/config.ts';
import { useEndpointStore } from '../../lib/stores/endpoint-store.ts';
import { SecondNodeSetting } from './SecondNodeSetting.tsx';

/** The endpoints offered: the known networks, and the local devnet only in the devnet build. */
const OFFERED = KNOWN_ENDPOINTS.filter((e) => e.network !== 'local' || isDevnetEndpoint(e.url));

const networkLabels = {
  polkadot: 'Polkadot',
  kusama: 'Kusama',
  local: 'Local devnet',
  custom: 'Custom',
} as const;

/** Chooses the parachain endpoint: the known networks, the local devnet or a custom URL. */
export function EndpointSwitcher() {
  const endpoint = useEndpointStore((s) => s.endpoint);
  const setEndpoint = useEndpointStore((s) => s.setEndpoint);
  const popover = usePopover();
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const panelId = popover.panelId;
  const network = shownNetworkOf(endpoint);

  const choose = (url: string) => {
    const problem = setEndpoint(url);
    setError(problem);
    if (!problem) {
      popover.close();
      setCustom('');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    choose(custom);
  };

  return (
    <div className="popover-host" ref={popover.hostRef}>
      <button type="button" className="button chip" title={endpoint} {...popover.trigger}>
        <span className={`dot dot-${network}`} aria-hidden="true" />
        <span className="chip-label">{networkLabels[network]}</span>
      </button>
      {popover.open && (
        <div className="popover" id={panelId} role="dialog" aria-label="Network">
          <p className="muted small">Connected endpoint</p>
          <p className="mono small break">{endpoint}</p>
          <p className="small">
            Chain: <ChainNetwork />
          </p>
          <ul className="plain-list">
            {OFFERED.map((known) => (
              <li key={known.url}>
                <button
                  type="button"
                  className="button block"
                  aria-pressed={known.url === endpoint}
                  onClick={() => choose(known.url)}
                >
                  {known.label}
                  <span className="muted small mono"> {known.url}</span>
                </button>
              </li>
            ))}
          </ul>
          <form onSubmit={onSubmit} className="stack-s">
            <label htmlFor={`${panelId}-custom`}>Custom endpoint</label>
            <div className="row">
              <input
                id={`${panelId}-custom`}
                className="input"
                placeholder="wss://…"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? `${panelId}-error` : undefined}
              />
              <button type="submit" className="button primary">
                Connect
              </button>
            </div>
            {error && (
              <p id={`${panelId}-error`} className="error small" role="alert">
                {error}
              </p>
            )}
          </form>
          <SecondNodeSetting />
        </div>
      )}
    </div>
  );
}
