import {
  FIRST_READS_ASK,
  isFirstReadsEndpointMessage,
  readFirstAnswers,
  type WorkerFirstReads,
} from '@robonomics-dapp/robonomics/chain/connection/first-data/worker-reads';
import { loadFirstReadsEndpoint, saveFirstReadsEndpoint } from './worker-db.ts';

/**
 * The service worker's head start on the first reads (docs/first-data.md, "The service worker's
 * head start"): when a navigation to the app reaches the worker, it sends the first reads to the
 * endpoint the page last named (one HTTP request), before the page exists; the page's first
 * script asks for the answers and takes each one that comes before its own socket's.
 */

/** What of the worker's events this file uses (sw.ts types the worker's scope). */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface NavigationFetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly resultingClientId: string;
}
export interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  readonly source: { readonly id?: string } | null;
}

/** How long a navigation's answers wait for its page to ask for them. */
const KEPT_FOR_MS = 15_000;
/** The reads give up after this long (the page's own socket goes on). */
const READS_TIMEOUT_MS = 10_000;

/** The reads started for navigations, by the id of the page each creates, until it asks. */
const started = new Map<string, Promise<WorkerFirstReads | null>>();
/** The endpoint of the first reads: told by the page, kept across the worker's restarts. */
let endpoint: Promise<string | null> | null = null;

const knownEndpoint = () => {
  endpoint ??= loadFirstReadsEndpoint().catch(() => null);
  return endpoint;
};

/**
 * Starts the first reads for a navigation that opens the app (`isAppPage`: the same rule as the
 * worker's navigation route) in a top-level page, once the page has named its endpoint.
 */
export function startFirstReads(
  event: NavigationFetchEvent,
  isAppPage: (url: URL) => boolean,
): void {
  const { request, resultingClientId: page } = event;
  if (request.mode !== 'navigate' || request.destination !== 'document' || !page) return;
  if (!isAppPage(new URL(request.url))) return;
  const reads = knownEndpoint()
    .then((found) => (found ? readFirstAnswers(found, { timeoutMs: READS_TIMEOUT_MS }) : null))
    .catch(() => null);
  started.set(page, reads);
  setTimeout(() => started.delete(page), KEPT_FOR_MS);
  event.waitUntil(reads);
}

/**
 * Handles the page's messages about the first reads: the endpoint it uses (kept for the next
 * navigations) and its ask for its own navigation's answers (answered on the port it gave, with
 * null when none were started for it). Returns whether the message was one of them.
 */
export function onFirstReadsMessage(event: WorkerMessageEvent): boolean {
  const message = event.data;
  if (isFirstReadsEndpointMessage(message)) {
    endpoint = Promise.resolve(message.endpoint);
    event.waitUntil(saveFirstReadsEndpoint(message.endpoint).catch(() => {}));
    return true;
  }
  if ((message as { type?: unknown } | null)?.type !== FIRST_READS_ASK) return false;
  const page = event.source?.id;
  const reads = (page && started.get(page)) || Promise.resolve(null);
  if (page) started.delete(page);
  event.waitUntil(reads.then((found) => event.ports[0]?.postMessage(found)));
  return true;
}
