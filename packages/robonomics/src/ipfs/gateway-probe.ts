// Whether a gateway serves a file, and how fast: the HEAD probe and the ranking of the results
// (docs/ipfs-gateways.md).
import { seconds } from './gateway.ts';
import { gatewayUrl } from './gateway-list.ts';

/** One probe (HEAD) or the headers of one read may take this long before the gateway is skipped. */
export const PROBE_TIMEOUT_MS = 10_000;
/** Attempts per probe when a gateway fails fast (network error, HTTP error); a timeout ends it. */
export const PROBE_ATTEMPTS = 3;

/**
 * Where a gateway stands: not probed yet, serving, failing, or caught sending bytes that do not
 * match the address asked for (worse than failing: ranked last).
 */
export type GatewayState = 'untested' | 'ok' | 'failed' | 'mismatch';

export interface ProbeResult {
  origin: string;
  ok: boolean;
  /** Time of the answering HEAD in milliseconds; null when none answered. */
  ms: number | null;
  /** Why the gateway is unavailable, in words. */
  error: string | null;
}

export interface ProbeOptions {
  fetcher?: typeof fetch;
  timeoutMs?: number;
  attempts?: number;
  /** Pause before the n-th retry is n times this. */
  retryDelayMs?: number;
  /** A web page instead of the file is a gateway fault unless the file may be one. */
  allowHtml?: boolean;
  signal?: AbortSignal;
  now?: () => number;
}

class ProbeFailure extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

const isHtml = (type: string | null) => /^\s*(text\/html|application\/xhtml)/i.test(type ?? '');

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Times a HEAD request for the path on one gateway. Fast failures are tried again (up to
 * `attempts`); a gateway that does not answer within the timeout is given up at once.
 */
export async function probeGateway(
  origin: string,
  path: string,
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  const {
    fetcher = fetch,
    timeoutMs = PROBE_TIMEOUT_MS,
    attempts = PROBE_ATTEMPTS,
    retryDelayMs = 250,
    allowHtml = false,
    signal,
    now = () => performance.now(),
  } = options;
  let error = 'cannot be reached';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (signal?.aborted) break;
    if (attempt > 1) await sleep(retryDelayMs * (attempt - 1), signal);
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(abort, timeoutMs);
    const started = now();
    try {
      const response = await fetcher(gatewayUrl(origin, path), {
        method: 'HEAD',
        cache: 'no-store',
        redirect: 'follow',
        signal: controller.signal,
      }).catch(() => {
        if (signal?.aborted) throw new ProbeFailure('probe cancelled', true);
        if (controller.signal.aborted) {
          throw new ProbeFailure(`did not answer within ${seconds(timeoutMs)}`, true);
        }
        throw new ProbeFailure('cannot be reached', false);
      });
      const ms = now() - started;
      if (!response.ok) throw new ProbeFailure(`answered HTTP ${response.status}`, false);
      if (!allowHtml && isHtml(response.headers.get('content-type'))) {
        throw new ProbeFailure('answered with a web page instead of the file', true);
      }
      return { origin, ok: true, ms: Math.max(0, Math.round(ms)), error: null };
    } catch (e) {
      const failure = e instanceof ProbeFailure ? e : new ProbeFailure(String(e), false);
      error = failure.message;
      if (failure.final) break;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }
  return { origin, ok: false, ms: null, error };
}

/**
 * Available gateways by speed first, then the ones not checked yet, then unavailable ones, then
 * those that sent bytes not matching the address.
 */
export function rankGateways<T extends { origin: string; state: GatewayState; ms: number | null }>(
  entries: readonly T[],
): T[] {
  const weights: Record<GatewayState, number> = { ok: 0, untested: 1, failed: 2, mismatch: 3 };
  const weight = (e: T) => weights[e.state];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        weight(a.entry) - weight(b.entry) ||
        (a.entry.state === 'ok' ? (a.entry.ms ?? 0) - (b.entry.ms ?? 0) : 0) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/** What the last finished probe (or read) found; a probe under way keeps it. */
