// The gateways a device uses: the built-in list plus the user's own, each normalised to a bare
// origin (docs/ipfs-gateways.md).

/** At most this many gateways of the user's own are kept. */
export const MAX_USER_GATEWAYS = 15;

export type GatewayCheck = { ok: true; origin: string } | { ok: false; error: string };

/**
 * A gateway address as a bare origin (`https://host[:port]`): the scheme may be left out
 * (https is assumed); a trailing `/ipfs/` is dropped. Anything that is not a plain http(s)
 * origin is refused in words: another scheme, credentials, a path, a query or a fragment.
 */
export function normaliseGateway(input: string): GatewayCheck {
  let text = input.trim();
  if (!text) return { ok: false, error: 'Enter the address of a gateway.' };
  if (text.length > 2048) return { ok: false, error: 'This gateway address is too long.' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  // "host:8080" looks like a scheme followed by a port: only a scheme is followed by a non-digit.
  const hasScheme =
    scheme !== null && (text.includes('://') || !/^\d/.test(text.slice(scheme[0].length)));
  if (hasScheme && !/^https?$/i.test(scheme[1]!)) {
    return { ok: false, error: 'A gateway address must start with http:// or https://.' };
  }
  if (!hasScheme) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'This is not a valid gateway address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'A gateway address must start with http:// or https://.' };
  }
  if (!url.hostname) return { ok: false, error: 'This is not a valid gateway address.' };
  if (url.username || url.password) {
    return { ok: false, error: 'A gateway address cannot contain a user name or password.' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  if ((path && path !== '/ipfs') || url.search || url.hash || /[?#]/.test(text)) {
    return {
      ok: false,
      error: `Give the gateway's address without a path, for example ${url.protocol}//${url.host}.`,
    };
  }
  return { ok: true, origin: url.origin };
}

/** Origins of a list of gateway addresses, in order, invalid ones and duplicates dropped. */
export function gatewayOrigins(list: readonly string[]): string[] {
  const origins: string[] = [];
  for (const item of list) {
    const checked = normaliseGateway(item);
    if (checked.ok && !origins.includes(checked.origin)) origins.push(checked.origin);
  }
  return origins;
}

/**
 * Adds a user gateway: refused with a clear message when invalid, already listed (built in or
 * the user's) or when the user already has the maximum.
 */
export function addUserGateway(
  user: readonly string[],
  builtIn: readonly string[],
  input: string,
): { ok: true; origin: string; user: string[] } | { ok: false; error: string } {
  const checked = normaliseGateway(input);
  if (!checked.ok) return checked;
  if (builtIn.includes(checked.origin) || user.includes(checked.origin)) {
    return { ok: false, error: `${checked.origin} is already in the list.` };
  }
  if (user.length >= MAX_USER_GATEWAYS) {
    return {
      ok: false,
      error: `You can add up to ${MAX_USER_GATEWAYS} gateways. Remove one of yours first.`,
    };
  }
  return { ok: true, origin: checked.origin, user: [...user, checked.origin] };
}

/** The user gateways kept on this device (a JSON array), read defensively. */
export function parseStoredGateways(
  text: string | null,
  builtIn: readonly string[] = [],
): string[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const strings = value.filter((v): v is string => typeof v === 'string');
  return gatewayOrigins(strings)
    .filter((o) => !builtIn.includes(o))
    .slice(0, MAX_USER_GATEWAYS);
}

/** The URL of an IPFS path (`<cid>[/<path>]`) on a gateway. */
export function gatewayUrl(origin: string, path: string): string {
  return `${origin}/ipfs/${path.replace(/^\/+/, '').replace(/^ipfs\//, '')}`;
}
