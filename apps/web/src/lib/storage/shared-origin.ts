import { readBoundedText } from '@robonomics-dapp/robonomics/http/bounded-body';
import { safeStorage } from './safe-storage.ts';

/**
 * Whether the app's own address also serves IPFS content (docs/security.md, "Where keys are
 * kept"): a host that an IPFS gateway answers for (a DNSLink domain, a gateway's own name) serves
 * `/ipfs/<any cid>/` on the same origin, so any page on IPFS could run there and read what the
 * app keeps. The app asks its own origin for the empty file by its identity CID, which every
 * gateway serves without looking anything up, and remembers the answer.
 */

/** The empty file: a raw CIDv1 whose identity multihash holds no bytes. */
export const EMPTY_FILE_CID = 'bafkqaaa';
/** The verdict for this origin, as last found: '1' serves IPFS, '0' does not. */
export const SERVES_IPFS_KEY = 'robonomics-dapp.origin-serves-ipfs.v1';
const PROBE_TIMEOUT_MS = 5_000;

/** What this origin was last found to be: true serves IPFS, false not, null never asked. */
export function knownServesIpfs(): boolean | null {
  const verdict = safeStorage.get(SERVES_IPFS_KEY);
  return verdict === '1' ? true : verdict === '0' ? false : null;
}

/**
 * Asks `origin` for `/ipfs/bafkqaaa`: true when it answers 200 with an empty body (a gateway),
 * false for any other answer (404, a redirect to a subdomain gateway, the app's own page for an
 * unknown path), null when there is no answer (offline, too slow). Never rejects.
 */
export async function probeServesIpfs(
  origin: string,
  fetcher: typeof fetch = globalThis.fetch,
): Promise<boolean | null> {
  let response: Response;
  try {
    response = await fetcher(`${origin}/ipfs/${EMPTY_FILE_CID}`, {
      redirect: 'manual',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return false;
  }
  try {
    return (await readBoundedText(response, 1024)) === '';
  } catch {
    // Larger than the empty file: not it.
    return false;
  }
}

/** Remembers what this origin was found to be. */
export function rememberServesIpfs(serves: boolean): void {
  safeStorage.set(SERVES_IPFS_KEY, serves ? '1' : '0');
}
