import { KNOWN_ENDPOINTS } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { Address } from '../../../components/Address.tsx';
import { useEndpointStore } from '../../../lib/stores/endpoint-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';

/** Every saved setup on every network; choosing one activates it (and its network). */
export function SetupsList({ network, onChosen }: { network: string; onChosen: () => void }) {
  const { setups, active, setActive } = useSavedSetups();
  const setEndpoint = useEndpointStore((s) => s.setEndpoint);

  const choose = (setup: SavedSetup) => {
    setActive(setup.network, setup.owner);
    if (setup.network !== network) {
      // Switch the network first so the setup is shown against its own chain; no page reload.
      const known = KNOWN_ENDPOINTS.find((e) => e.network === setup.network);
      if (known) setEndpoint(known.url);
    }
    onChosen();
  };

  return (
    <ul className="plain-list grid-2" data-testid="setups-list">
      {setups.map((setup) => (
        <li key={`${setup.network}:${setup.owner}`} className="card stack-s">
          <p className="small muted">{setup.network}</p>
          <button
            type="button"
            className="button block"
            aria-pressed={setup.network === network && active[network] === setup.owner}
            onClick={() => choose(setup)}
          >
            {setup.name}
          </button>
          <Address address={setup.owner} />
        </li>
      ))}
    </ul>
  );
}
