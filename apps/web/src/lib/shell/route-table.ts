/**
 * The app's one route table (docs/product-rules.md, Routes): the router (app/routes.tsx) and every
 * link read their paths here, never literals. A name says what the page is; the path stays the
 * one users know (the devices page is /telemetry).
 */
export const routePaths = {
  dashboard: '/',
  buy: '/rws-buy',
  setups: '/rws-setup',
  newSetup: '/rws-setup-new',
  subscriptionAccount: '/rws-subscription',
  devices: '/telemetry',
  hardwareAltruist: '/hardware/altruist',
  hardwareRiscv: '/hardware/riscv',
  hardwareHikikomori: '/hardware/hikikomori',
  hardwareEnergyMonitor: '/hardware/energy-monitor',
  seasonPass: '/hardware/season-pass',
  olderSeasonPass: '/hardware/season-pass-2',
  humanoid: '/humanoid',
  altruist: '/altruist',
  energyMonitor: '/energy-monitor',
  digitalTwin: '/dtwin',
  saveSetup: '/save-setup',
  /** The guided setup of a new home: the first hour's steps on one page. */
  homeSetup: '/setup-home',
} as const;

export type RouteName = keyof typeof routePaths;

export const APP_NAME = 'Robonomics Dapp';

/** "<route title> / Robonomics Dapp", or the app name alone. */
export function documentTitle(routeTitle?: string): string {
  return routeTitle ? `${routeTitle} / ${APP_NAME}` : APP_NAME;
}

/** The buy flow with a setup preselected (docs/product-rules.md, "Renewal reminders"). */
export function renewPath(owner: string): string {
  return `${routePaths.buy}?owner=${encodeURIComponent(owner)}`;
}

/** A page of the app as a full address: the app's own (its query dropped), the route as hash. */
export function appUrl(path: string, base: string): string {
  const url = new URL(base);
  url.search = '';
  url.hash = path;
  return url.href;
}
