/// <reference types="vite-plugin-pwa/client" />

import { registerSW } from 'virtual:pwa-register';
import {
  FIRST_READS_ENDPOINT,
  type FirstReadsEndpointMessage,
} from '@robonomics-dapp/robonomics/chain/connection/first-data/worker-reads';
import { startReminderSync } from '../../lib/reminders/renewal-notifications.ts';
import { useEndpointStore } from '../../lib/stores/endpoint-store.ts';
import { usePwa } from './pwa-store.ts';

/** How often an open app asks the server whether a new build is out. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the Workbox worker (see docs/pwa.md). A new build installs in the background and
 * waits; the layout then offers "Reload", which activates it and reloads the page.
 */
export function registerWorker(): void {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      usePwa.setState({
        applyUpdate: () => {
          // Reload once the new worker controls the page, also when this page started without
          // one (its first worker installed during this visit).
          navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
            once: true,
          });
          return updateSW(true);
        },
      });
    },
    // The reload is ours (above), not the plugin's.
    onNeedReload() {},
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // Renewal reminders: the worker is told of the saved setups while the app is open.
      startReminderSync(registration);
      tellFirstReadsEndpoint();
      const check = () => {
        if (navigator.onLine && !registration.installing)
          void registration.update().catch(() => {});
      };
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
    onRegisterError(error: unknown) {
      console.warn('The app cannot work offline in this browser.', error);
    },
  });
}

/**
 * Tells the worker the endpoint the app uses, now and whenever it changes: the worker starts the
 * next visits' first reads there, with the navigation (first-reads.ts).
 */
function tellFirstReadsEndpoint(): void {
  let told = '';
  const tell = () => {
    const { endpoint } = useEndpointStore.getState();
    if (endpoint === told) return;
    told = endpoint;
    const message: FirstReadsEndpointMessage = { type: FIRST_READS_ENDPOINT, endpoint };
    // `ready` has the active worker at once, or once a worker still installing is active.
    void navigator.serviceWorker.ready.then((ready) => ready.active?.postMessage(message));
  };
  tell();
  useEndpointStore.subscribe(tell);
}
