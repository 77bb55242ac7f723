import { Link } from 'react-router';
import { BrandMark, MenuIcon } from '../../components/icons.tsx';
import { usePopover } from '../../components/use-popover.ts';
import { APP_NAME, routePaths } from '../../lib/shell/route-table.ts';
import { AccountButton } from './AccountButton.tsx';
import { ActiveSetupPopup } from './ActiveSetupPopup.tsx';
import { EndpointSwitcher } from './EndpointSwitcher.tsx';
import { Nav } from './Nav.tsx';
import { SavedKeysButton } from './SavedKeysButton.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Header() {
  // The phone menu closes like the header popovers: Escape (focus back to its button), a click
  // or focus outside the header, or choosing a page.
  const menu = usePopover();
  return (
    <header className="header" ref={menu.hostRef}>
      <div className="header-bar">
        <Link to={routePaths.dashboard} className="brand" aria-label={`${APP_NAME} home`}>
          <BrandMark />
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
            aria-label="Menu"
            {...menu.trigger}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <div id={menu.panelId} className={menu.open ? 'menu open' : 'menu'}>
        <Nav onNavigate={() => menu.close(false)} />
      </div>
    </header>
  );
}
