/**
 * Named routes (docs/product-rules.md, Routes) and the links map the original app built from them
 * (activate, setup, setupnew, devices). Components link through these names, never literals.
 */
export const routePaths = {
  dashboard: '/',
  rwsActivate: '/rws-buy',
  rwsSetup: '/rws-setup',
  rwsSetupNew: '/rws-setup-new',
  rwsSubscription: '/rws-subscription',
  telemetry: '/telemetry',
  hardwareAltruist: '/hardware/altruist',
  hardwareRiscv: '/hardware/riscv',
  hardwareHikikomori: '/hardware/hikikomori',
  hardwareEnergyMonitor: '/hardware/energy-monitor',
  seasonPass: '/hardware/season-pass',
  seasonPass2: '/hardware/season-pass-2',
  humanoid: '/humanoid',
  altruist: '/altruist',
  energyMonitor: '/energy-monitor',
  dtwin: '/dtwin',
  saveSetup: '/save-setup',
} as const;

export type RouteName = keyof typeof routePaths;

export const links = {
  activate: routePaths.rwsActivate,
  setup: routePaths.rwsSetup,
  setupnew: routePaths.rwsSetupNew,
  devices: routePaths.telemetry,
} as const;

export const APP_NAME = 'Robonomics Dapp';

/** "<route title> / Robonomics Dapp", or the app name alone. */
export function documentTitle(routeTitle?: string): string {
  return routeTitle ? `${routeTitle} / ${APP_NAME}` : APP_NAME;
}

/** The buy flow with a setup preselected (docs/product-rules.md, "Renewal reminders"). */
export function renewPath(owner: string): string {
  return `${routePaths.rwsActivate}?owner=${encodeURIComponent(owner)}`;
}

/** A page of the app as a full address: the app's own (its query dropped), the route as hash. */
export function appUrl(path: string, base: string): string {
  const url = new URL(base);
  url.search = '';
  url.hash = path;
  return url.href;
}
