/**
 * The address of a /v0/* route in the previous app, keeping the rest of the route:
 * /v0/rws-buy?x=1 → https://v0.dapp.robonomics.network/#/rws-buy?x=1.
 */
export function legacyUrl(legacyAppUrl: string, pathname: string, search = ''): string {
  const rest = pathname.replace(/^\/v0(?=\/|$)/, '') || '/';
  return `${legacyAppUrl}#${rest}${search}`;
}
