import { useState } from 'react';
import { Link } from 'react-router';
import { MenuIcon } from '../../components/icons.tsx';
import { APP_NAME, routePaths } from '../../lib/route-names.ts';
import { AccountButton } from './AccountButton.tsx';
import { ActiveSetupPopup } from './ActiveSetupPopup.tsx';
import { EndpointSwitcher } from './EndpointSwitcher.tsx';
import { Nav } from './Nav.tsx';
import { SavedKeysButton } from './SavedKeysButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="header">
      <div className="header-bar">
        <Link to={routePaths.dashboard} className="brand" aria-label={`${APP_NAME} home`}>
          <img src="./favicon.svg" alt="" width="28" height="28" />
          <span>Robonomics</span>
        </Link>
        <div className="header-tools">
          <ActiveSetupPopup />
          <EndpointSwitcher />
          <AccountButton />
          <SavedKeysButton />
          <ThemeToggle />
          <button
            type="button"
            className="button icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label="Menu"
            onClick={() => setMenuOpen((v) => !v)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <div id="main-menu" className={menuOpen ? 'menu open' : 'menu'}>
        <Nav onNavigate={() => setMenuOpen(false)} />
      </div>
    </header>
  );
}
