import type { RouteObject } from 'react-router';
import { HardwarePage } from '../features/hardware/components/HardwarePage.tsx';
import { SaveSetupPage } from '../features/save-setup/components/SaveSetupPage.tsx';
import { DashboardPage } from '../features/subscription/components/DashboardPage.tsx';
import { LazyPage } from '../lib/shell/lazy-page.tsx';
import { routePaths } from '../lib/shell/route-table.ts';
import { LegacyRedirectPage } from './LegacyRedirectPage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

// Each page with code of its own loads on demand, its own chunk; the dashboard, the hardware
// pages and the /save-setup wrapper (which loads its workshop on demand) come with the app
// (docs/architecture.md, Lazy loading).
const loadDevices = () =>
  import('../features/devices/components/DevicesPage.tsx').then((m) => ({
    default: m.DevicesPage,
  }));
const loadHumanoid = () =>
  import('../features/humanoid/components/HumanoidPage.tsx').then((m) => ({
    default: m.HumanoidPage,
  }));
const loadOlderSeasonPass = () =>
  import('../features/season-pass/components/OlderSeasonPassPage.tsx').then((m) => ({
    default: m.OlderSeasonPassPage,
  }));
const loadSeasonPass = () =>
  import('../features/season-pass/components/SeasonPassPage.tsx').then((m) => ({
    default: m.SeasonPassPage,
  }));
const loadNewSetup = () =>
  import('../features/setups/components/NewSetupPage.tsx').then((m) => ({
    default: m.NewSetupPage,
  }));
const loadSetups = () =>
  import('../features/setups/components/SetupsPage.tsx').then((m) => ({ default: m.SetupsPage }));
const loadBuy = () =>
  import('../features/subscription/components/BuyPage.tsx').then((m) => ({ default: m.BuyPage }));
const loadSubscriptionAccount = () =>
  import('../features/subscription/components/SubscriptionAccountPage.tsx').then((m) => ({
    default: m.SubscriptionAccountPage,
  }));
const loadHomeSetup = () =>
  import('../features/home-setup/components/HomeSetupPage.tsx').then((m) => ({
    default: m.HomeSetupPage,
  }));
const loadAltruist = () => import('../features/sensors/components/AltruistPage.tsx');
const loadEnergyMonitor = () => import('../features/sensors/components/EnergyMonitorPage.tsx');
const loadDigitalTwin = () => import('../features/twins/components/DigitalTwinPage.tsx');

/** What a route tells beside its page: the title of the page (see useDocumentTitle in App.tsx). */
export interface RouteHandle {
  title?: string;
}

type AppRoute = RouteObject & { handle?: RouteHandle };

/** Paths relative to the root, each with its title (docs/product-rules.md, Routes). */
export const pageRoutes: AppRoute[] = [
  { index: true, element: <DashboardPage />, handle: { title: 'Dashboard' } },
  {
    path: routePaths.buy,
    element: <LazyPage load={loadBuy} />,
    handle: { title: 'Buy a Subscription' },
  },
  {
    path: routePaths.setups,
    element: <LazyPage load={loadSetups} />,
    handle: { title: 'Setup a Subscription' },
  },
  {
    path: routePaths.newSetup,
    element: <LazyPage load={loadNewSetup} />,
    handle: { title: 'New Subscription setup' },
  },
  {
    path: routePaths.subscriptionAccount,
    element: <LazyPage load={loadSubscriptionAccount} />,
    handle: { title: 'New Subscription renewal setup' },
  },
  {
    path: routePaths.devices,
    element: <LazyPage load={loadDevices} />,
    handle: { title: 'Devices control panel' },
  },
  {
    path: routePaths.hardwareAltruist,
    element: <HardwarePage title="Altruist" />,
    handle: { title: 'Altruist' },
  },
  {
    path: routePaths.hardwareRiscv,
    element: <HardwarePage title="Riscv" />,
    handle: { title: 'Riscv' },
  },
  {
    path: routePaths.hardwareHikikomori,
    element: <HardwarePage title="Hikikomori" />,
    handle: { title: 'Hikikomori' },
  },
  {
    path: routePaths.hardwareEnergyMonitor,
    element: <HardwarePage title="Energy Monitor" />,
    handle: { title: 'Energy Monitor' },
  },
  {
    path: routePaths.seasonPass,
    element: <LazyPage load={loadSeasonPass} />,
    handle: { title: 'Season Pass' },
  },
  {
    path: routePaths.olderSeasonPass,
    element: <LazyPage load={loadOlderSeasonPass} />,
    handle: { title: 'Season Pass 2' },
  },
  {
    path: routePaths.humanoid,
    element: <LazyPage load={loadHumanoid} />,
    handle: { title: 'Pay the robot with cryptocurrency' },
  },
  {
    path: `${routePaths.altruist}/:address?`,
    element: <LazyPage load={loadAltruist} />,
    handle: { title: 'Altruist' },
  },
  {
    path: `${routePaths.energyMonitor}/:address?`,
    element: <LazyPage load={loadEnergyMonitor} />,
    handle: { title: 'Energy' },
  },
  {
    path: routePaths.digitalTwin,
    element: <LazyPage load={loadDigitalTwin} />,
    handle: { title: 'Digital Twin' },
  },
  { path: routePaths.saveSetup, element: <SaveSetupPage />, handle: { title: 'Save setup' } },
  {
    path: routePaths.homeSetup,
    element: <LazyPage load={loadHomeSetup} />,
    handle: { title: 'Set up your home' },
  },
  { path: '/v0/*', element: <LegacyRedirectPage />, handle: { title: 'Previous version' } },
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
];

export const appRoutes: AppRoute[] = [{ path: '/', element: <RootLayout />, children: pageRoutes }];
