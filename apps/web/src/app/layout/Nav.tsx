import { NavLink } from 'react-router';
import { routePaths } from '../../lib/shell/route-table.ts';
import { useSavedSetups } from '../../lib/stores/saved-setups.ts';

/** The four top navigation links (docs/product-rules.md, Routes). */
export function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const setupCount = useSavedSetups((s) => s.setups.length);
  const items = [
    { to: routePaths.buy, label: 'Buy/renew a subscription' },
    { to: routePaths.newSetup, label: 'New setup' },
    // Plural when more than one subscription is saved, over all networks.
    { to: routePaths.setups, label: setupCount > 1 ? 'Your setups' : 'Your setup' },
    { to: routePaths.devices, label: 'Devices & Control' },
  ];
  return (
    <nav aria-label="Main">
      <ul className="nav-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="nav-link" onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
