import type { RouteObject } from 'react-router';
import { TelemetryPage } from '../features/devices/components/TelemetryPage.tsx';
import { HardwarePage } from '../features/hardware/components/HardwarePage.tsx';
import { HumanoidPage } from '../features/humanoid/components/HumanoidPage.tsx';
import { SaveSetupPage } from '../features/save-setup/components/SaveSetupPage.tsx';
import { SeasonPass2Page } from '../features/season-pass/components/SeasonPass2Page.tsx';
import { SeasonPassPage } from '../features/season-pass/components/SeasonPassPage.tsx';
import { NewSetupPage } from '../features/setups/components/NewSetupPage.tsx';
import { SetupsPage } from '../features/setups/components/SetupsPage.tsx';
import { BuyPage } from '../features/subscription/components/BuyPage.tsx';
import { DashboardPage } from '../features/subscription/components/DashboardPage.tsx';
import { SubscriptionAccountPage } from '../features/subscription/components/SubscriptionAccountPage.tsx';
import { LazyPage } from '../lib/lazy-page.tsx';
import { routePaths } from '../lib/route-names.ts';
import { LegacyRedirectPage } from './LegacyRedirectPage.tsx';
import { RootLayout, type RouteHandle } from './layout/RootLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

// The three on-demand chunks (docs/architecture.md, Lazy loading).
const loadAltruist = () => import('../features/sensors/components/AltruistPage.tsx');
const loadEnergyMonitor = () => import('../features/sensors/components/EnergyMonitorPage.tsx');
const loadDigitalTwin = () => import('../features/twins/components/DigitalTwinPage.tsx');

type AppRoute = RouteObject & { handle?: RouteHandle };

/** Paths relative to the root, each with its title (docs/product-rules.md, Routes). */
export const pageRoutes: AppRoute[] = [
  { index: true, element: <DashboardPage />, handle: { title: 'Dashboard' } },
  { path: routePaths.rwsActivate, element: <BuyPage />, handle: { title: 'Buy a Subscription' } },
  { path: routePaths.rwsSetup, element: <SetupsPage />, handle: { title: 'Setup a Subscription' } },
  {
    path: routePaths.rwsSetupNew,
    element: <NewSetupPage />,
    handle: { title: 'New Subscription setup' },
  },
  {
    path: routePaths.rwsSubscription,
    element: <SubscriptionAccountPage />,
    handle: { title: 'New Subscription renewal setup' },
  },
  {
    path: routePaths.telemetry,
    element: <TelemetryPage />,
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
  { path: routePaths.seasonPass, element: <SeasonPassPage />, handle: { title: 'Season Pass' } },
  {
    path: routePaths.seasonPass2,
    element: <SeasonPass2Page />,
    handle: { title: 'Season Pass 2' },
  },
  {
    path: routePaths.humanoid,
    element: <HumanoidPage />,
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
    path: routePaths.dtwin,
    element: <LazyPage load={loadDigitalTwin} />,
    handle: { title: 'Digital Twin' },
  },
  { path: routePaths.saveSetup, element: <SaveSetupPage />, handle: { title: 'Save setup' } },
  { path: '/v0/*', element: <LegacyRedirectPage />, handle: { title: 'Previous version' } },
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
];

export const appRoutes: AppRoute[] = [{ path: '/', element: <RootLayout />, children: pageRoutes }];
