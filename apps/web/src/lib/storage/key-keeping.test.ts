import { describe, expect, it } from 'vitest';
import { keyKeepingAt, SERVES_IPFS_REASON } from './key-keeping.ts';

const at = (href: string) => {
  const url = new URL(href);
  return { origin: url.origin, hostname: url.hostname, pathname: url.pathname };
};
const OWN = ['https://dapp.robonomics.network', 'http://127.0.0.1:5173'];

describe('where keys may be kept', () => {
  it('keeps keys on the build’s own origins', () => {
    expect(keyKeepingAt(at('https://dapp.robonomics.network/#/telemetry'), OWN)).toEqual({
      allowed: true,
      reason: null,
    });
    expect(keyKeepingAt(at('http://127.0.0.1:5173/'), OWN).allowed).toBe(true);
  });

  it('keeps no key on an own origin found to serve IPFS content too, and says why', () => {
    expect(keyKeepingAt(at('https://dapp.robonomics.network/'), OWN, true)).toEqual({
      allowed: false,
      reason: SERVES_IPFS_REASON,
    });
  });

  it('keeps keys on a subdomain gateway’s origin, which holds one CID', () => {
    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    expect(keyKeepingAt(at(`https://${cid}.ipfs.dweb.link/#/`), OWN).allowed).toBe(true);
    expect(keyKeepingAt(at('https://dapp-robonomics-network.ipns.dweb.link/'), OWN).allowed).toBe(
      true,
    );
  });

  it('keeps no key under an /ipfs/ or /ipns/ path, even on an own origin', () => {
    for (const href of [
      'https://ipfs.io/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG/#/',
      'https://dapp.robonomics.network/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG/',
      'https://gateway.example/ipns/dapp.robonomics.network/',
    ]) {
      const rule = keyKeepingAt(at(href), OWN);
      expect(rule.allowed, href).toBe(false);
      expect(rule.reason).toMatch(/IPFS gateway path/);
    }
  });

  it('keeps no key on an origin the build does not list', () => {
    const rule = keyKeepingAt(at('https://mirror.example/robonomics/'), OWN);
    expect(rule).toEqual({
      allowed: false,
      reason:
        "This copy of the app is opened from https://mirror.example, which is not one of the app's own addresses, so other content there could read what the app keeps in this browser. Keys are kept in this tab only, until you close it.",
    });
    // A look-alike of a subdomain gateway with no name before it.
    expect(keyKeepingAt(at('https://ipfs.dweb.link/'), OWN).allowed).toBe(false);
  });
});
