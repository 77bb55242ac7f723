import { appConfig } from '../shell/config.ts';
import { knownServesIpfs } from './shared-origin.ts';

/**
 * Whether this page may keep keys in the browser (the signed-in user's key, a controller keystore,
 * a generated account): only on an origin that holds nothing but the app (docs/security.md,
 * "Where keys are kept"). Browser storage belongs to an origin, not to an app: under a path-style
 * IPFS gateway (`https://gateway/ipfs/<cid>/`) every other file on that gateway is the same
 * origin, and a page there could open what the app kept. So keys are kept only on one of the
 * build's own origins or on a subdomain gateway's origin for one CID, and never under an
 * `/ipfs/` or `/ipns/` path.
 */
export interface KeyKeeping {
  allowed: boolean;
  /** Why keys are not kept here, for the user; null where they may be. */
  reason: string | null;
}

/** `<cid>.ipfs.<gateway>` or `<name>.ipns.<gateway>`: an origin that holds one item only. */
function isSubdomainGateway(hostname: string): boolean {
  const labels = hostname.toLowerCase().split('.');
  return labels.length >= 3 && (labels[1] === 'ipfs' || labels[1] === 'ipns') && labels[0] !== '';
}

/** Why keys are not kept on an origin found to serve IPFS content as well as the app. */
export const SERVES_IPFS_REASON =
  'This address also serves any file from IPFS (/ipfs/…), so a page there could read what the app keeps in this browser. Keys are kept in this tab only, until you close it.';

export function keyKeepingAt(
  location: { origin: string; hostname: string; pathname: string },
  appOrigins: readonly string[],
  /** The origin was found to serve `/ipfs/` paths too (shared-origin.ts). */
  servesIpfs = false,
): KeyKeeping {
  if (/^\/(ipfs|ipns)\//.test(location.pathname)) {
    return {
      allowed: false,
      reason:
        'This copy of the app is opened from an IPFS gateway path (/ipfs/…), which every other file on that gateway shares, so a page there could read what the app keeps in this browser. Keys are kept in this tab only, until you close it.',
    };
  }
  if (servesIpfs) return { allowed: false, reason: SERVES_IPFS_REASON };
  if (appOrigins.includes(location.origin) || isSubdomainGateway(location.hostname)) {
    return { allowed: true, reason: null };
  }
  return {
    allowed: false,
    reason: `This copy of the app is opened from ${location.origin}, which is not one of the app's own addresses, so other content there could read what the app keeps in this browser. Keys are kept in this tab only, until you close it.`,
  };
}

/**
 * This page's rule. It changes at most once, from allowed to refused, when the origin is found
 * to serve IPFS content too (refuseKeyKeeping); code reads it when it acts, not once.
 */
export const keyKeeping: KeyKeeping =
  typeof location === 'undefined'
    ? { allowed: false, reason: null }
    : keyKeepingAt(location, appConfig.appOrigins, knownServesIpfs() === true);

/** This origin serves IPFS content too: from now on, keys are not kept here. */
export function refuseKeyKeeping(): void {
  keyKeeping.allowed = false;
  keyKeeping.reason = SERVES_IPFS_REASON;
}
