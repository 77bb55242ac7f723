import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { HomeIcon } from '../../components/icons.tsx';
import { withQueries } from '../../lib/shell/lazy-page.tsx';
import { useChain } from '../../lib/stores/chain-store.ts';
import { activeSetupOf, useSavedSetups } from '../../lib/stores/saved-setups.ts';
import { useWallet } from '../../lib/wallet/wallet-store.ts';
import './active-setup.css';

// The body reads the chain: it loads with the first opening, keeping every route's entry small.
const ActiveSetupBody = lazy(withQueries(() => import('./ActiveSetupBody.tsx')));

/**
 * The header's active setup: a house and the setup's name; opens the setup's facts (select of
 * the network's setups, "Active until", owner, "Go to setup"). Nothing shows without a setup,
 * nor while the connected account owns none of the network's setups.
 */
export function ActiveSetupPopup() {
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const connected = useWallet((s) => s.address);
  // A connected account that owns no setup here has no home yet: no name (the demo home's, say)
  // is shown for it. Addresses are kept in the one SS58 format on both sides.
  const setup = useSavedSetups((s) =>
    connected && !s.setups.some((x) => x.network === network && x.owner === connected)
      ? null
      : activeSetupOf(s, network),
  );
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const host = useRef<HTMLDivElement>(null);

  // Closes on Escape and on a click outside.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (host.current && !host.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!setup) return null;
  return (
    <div className="popover-host" ref={host}>
      <button
        type="button"
        className="button chip"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Active setup: ${setup.name}`}
        onClick={() => setOpen((v) => !v)}
      >
        <HomeIcon />
        <span className="chip-label">{setup.name}</span>
      </button>
      {open && (
        <div className="popover setup-popover" id={panelId} role="dialog" aria-label="Active setup">
          <Suspense fallback={<p className="loading small">Loading</p>}>
            <ActiveSetupBody network={network} onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
