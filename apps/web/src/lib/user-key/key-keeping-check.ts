import { keyKeeping, refuseKeyKeeping } from '../storage/key-keeping.ts';
import { knownServesIpfs, probeServesIpfs, rememberServesIpfs } from '../storage/shared-origin.ts';

/** Called when keeping turns out to be refused on this origin after the page started. */
const refusedListeners = new Set<() => void>();

export function whenKeyKeepingRefused(listener: () => void): void {
  refusedListeners.add(listener);
}

let checked: Promise<boolean> | null = null;

/**
 * Settles once this page knows whether it may keep keys, and so open the keys kept here
 * (docs/security.md, "Where keys are kept"): at once where that was decided before (by the
 * address, or by an earlier visit's answer), else after asking the origin whether it serves IPFS
 * content too (shared-origin.ts). An origin known not to is asked again behind the page; the
 * listeners hear when that answer refuses keeping after all. Resolves to keyKeeping.allowed.
 */
export function keyKeepingChecked(): Promise<boolean> {
  if (checked) return checked;
  const canAsk =
    keyKeeping.allowed &&
    typeof location !== 'undefined' &&
    /^https?:$/.test(location.protocol) &&
    typeof fetch === 'function';
  if (!canAsk) {
    checked = Promise.resolve(keyKeeping.allowed);
    return checked;
  }
  const asked = probeServesIpfs(location.origin).then((serves) => {
    if (serves === null) return keyKeeping.allowed;
    rememberServesIpfs(serves);
    if (serves && keyKeeping.allowed) {
      refuseKeyKeeping();
      for (const listener of refusedListeners) listener();
    }
    return keyKeeping.allowed;
  });
  checked = knownServesIpfs() === false ? Promise.resolve(true) : asked;
  return checked;
}
