import { openRpcSocket } from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import { readReminderFacts } from '@robonomics-dapp/robonomics/chain/queries/reminder-reads';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { REMINDER_SYNC_TAG } from '../../lib/reminders/reminder-setups.ts';
import {
  type ExtendableEvent,
  type NavigationFetchEvent,
  onFirstReadsMessage,
  startFirstReads,
  type WorkerMessageEvent,
} from './first-reads.ts';
import {
  applyMessage,
  type CheckDeps,
  checkReminders,
  isReminderMessage,
  type Notice,
} from './reminder-check.ts';
import { loadReminderState, saveReminderState } from './worker-db.ts';

/**
 * The app's service worker (docs/pwa.md). It precaches the build and answers navigations with
 * the cached shell, nothing else of the network; it starts the dashboard's first chain reads
 * with each navigation to the app (first-reads.ts); and it checks the saved setups for renewal
 * reminders and a quiet home when the page or the browser's daily background sync asks it to.
 */

/** What of the worker's global scope this file uses (the DOM library types the rest of the app). */
interface WorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<
      {
        url: string;
        focus(): Promise<unknown>;
        navigate(url: string): Promise<unknown>;
      }[]
    >;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEvent & MessageEvent) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: NavigationFetchEvent) => void): void;
  addEventListener(
    type: 'periodicsync',
    listener: (event: ExtendableEvent & { tag: string }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: Notification }) => void,
  ): void;
}
const worker = self as unknown as WorkerScope;

// The offline app, as before (docs/pwa.md, "Service worker").
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});
clientsClaim();
/** Paths that are not the app, in case it is served from an IPFS node's own host. */
const NOT_THE_APP = [/\/api\//, /\/ipfs\//, /\/ipns\//];
// Registered before Workbox's routes, so the reads leave before the shell is looked up.
worker.addEventListener('fetch', (event) =>
  startFirstReads(
    event,
    (url) => !NOT_THE_APP.some((path) => path.test(url.pathname + url.search)),
  ),
);
worker.addEventListener('message', (event) => {
  onFirstReadsMessage(event as unknown as WorkerMessageEvent);
});
// Written as `self.__WB_MANIFEST`: the build looks for exactly that to put the file list in.
precacheAndRoute((self as unknown as Pick<WorkerScope, '__WB_MANIFEST'>).__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }),
);

// Renewal reminders and a quiet home (docs/pwa.md, "Renewal reminders").
const deps: CheckDeps = {
  load: loadReminderState,
  save: saveReminderState,
  async read(endpoint, owners, controllers) {
    // Storage values only: the socket's default bound on a message (1 MB) holds them many times.
    const socket = openRpcSocket(endpoint, { requests: [], timeoutMs: 30_000 });
    try {
      return await readReminderFacts(socket.send, owners, controllers);
    } finally {
      socket.close();
    }
  },
  show: (notice: Notice) =>
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: 'icons/icon-192.png',
      data: { url: notice.url },
    }),
  allowed: () => Notification.permission === 'granted',
  now: () => Date.now(),
};

/** One step at a time (a check, or the page's new setups), so no notice is ever shown twice. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn(step: () => Promise<unknown>): Promise<unknown> {
  queue = queue.then(step, step);
  return queue.catch((error: unknown) => console.warn('Reminder check failed.', error));
}
const check = (force: boolean) => inTurn(() => checkReminders(deps, force));

worker.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isReminderMessage(message)) return;
  const stored = inTurn(async () =>
    saveReminderState(applyMessage(await loadReminderState(), message)),
  );
  event.waitUntil(message.check === 'none' ? stored : check(message.check === 'now'));
});

worker.addEventListener('periodicsync', (event) => {
  if (event.tag === REMINDER_SYNC_TAG) event.waitUntil(check(false));
});

/** A tap opens the page the notice names: in an open window of the app, else a new one. */
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !url.startsWith(worker.registration.scope)) return;
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url.startsWith(worker.registration.scope));
      if (!open) return worker.clients.openWindow(url);
      await open.navigate(url);
      return open.focus();
    })(),
  );
});
