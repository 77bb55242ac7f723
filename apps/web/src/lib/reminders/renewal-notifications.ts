import { create } from 'zustand';
import { safeStorage } from '../storage/safe-storage.ts';
import { useEndpointStore } from '../stores/endpoint-store.ts';
import { useHomeReports } from '../stores/home-reports.ts';
import { useSavedSetups } from '../stores/saved-setups.ts';
import { REMINDER_SYNC_TAG, type ReminderMessage, reminderSetups } from './reminder-setups.ts';

/**
 * Renewal and quiet-home notifications, only when the user asks for them (docs/pwa.md, "Renewal
 * reminders"): the page keeps the choice, hands the saved setups to the service worker, which
 * reads their ledgers itself, and asks the browser for a daily background check where it offers
 * one (periodic background sync, Chromium-based browsers, installed app only).
 */
const KEY = 'robonomics-dapp.reminders.v1';
const DAY_MS = 86_400_000;
/** An open app asks the worker this often; the worker itself checks at most once a day. */
const OPEN_APP_NUDGE_MS = 60 * 60 * 1000;

/** How the reminders can reach the user in this browser. */
export type ReminderReach =
  /** The browser checks in the background too (periodic background sync granted). */
  | 'background'
  /** Periodic background sync exists but is not granted: it is, for an installed app. */
  | 'when-installed'
  /** No periodic background sync in this browser: only while the app is open. */
  | 'while-open'
  /** No service worker runs here (private window, blocked by policy): no reminders. */
  | 'no-worker'
  /** The browser cannot show notifications. */
  | 'unsupported';

/** What each reach means, next to the button. */
export const REACH_TEXT: Record<ReminderReach, string> = {
  background:
    'Checked in the background about once a day, also while the app is closed (this browser offers it to the installed app).',
  'when-installed':
    'Checked while the app is open. Install the app to have it checked in the background about once a day too (Chrome, Edge and other Chromium-based browsers).',
  'while-open':
    'This browser has no background checks for web apps: reminders come while the app is open (at most once a day).',
  'no-worker':
    'Reminders need the app’s service worker, which does not run in this browser window (a private window or a policy may block it).',
  unsupported: 'This browser cannot show notifications.',
};

interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}
type SyncRegistration = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

interface ReminderState {
  enabled: boolean;
  reach: ReminderReach | null;
  /** A refusal in the user's words (notifications blocked), or null. */
  error: string | null;
  busy: boolean;
  /** Asks for the permission (call it from a click) and turns reminders on. */
  enable(): Promise<void>;
  disable(): Promise<void>;
}

let registration: SyncRegistration | null = null;

const readEnabled = () => safeStorage.get(KEY) === '{"enabled":true}';

/** The setups as the worker needs them, from what the page knows now. */
function message(check: ReminderMessage['check']): ReminderMessage {
  return {
    type: 'reminders',
    enabled: useReminders.getState().enabled,
    setups: reminderSetups(
      useSavedSetups.getState().setups,
      useEndpointStore.getState().endpoint,
      useHomeReports.getState().reports,
      location.href,
    ),
    check,
  };
}

/** What the worker was last told, so an unchanged list is not sent again. */
let told = '';

function post(check: ReminderMessage['check']) {
  const found = registration;
  if (!found) return;
  const sent = message(check);
  const setups = JSON.stringify([sent.enabled, sent.setups]);
  if (check === 'none' && setups === told) return;
  told = setups;
  // A worker still installing gets the message once it is active.
  const active = found.active
    ? Promise.resolve(found.active)
    : navigator.serviceWorker.ready.then((ready) => ready.active);
  void active.then((worker) => worker?.postMessage(sent));
}

async function findRegistration(): Promise<SyncRegistration | null> {
  if (registration) return registration;
  if (!('serviceWorker' in navigator)) return null;
  return ((await navigator.serviceWorker.getRegistration().catch(() => undefined)) ??
    null) as SyncRegistration | null;
}

/** How reminders reach the user here. */
async function reachOf(found: SyncRegistration | null): Promise<ReminderReach> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (!found) return 'no-worker';
  if (!found.periodicSync) return 'while-open';
  const state = await navigator.permissions
    ?.query({ name: 'periodic-background-sync' as PermissionName })
    .then((s) => s.state)
    .catch(() => 'denied');
  return state === 'granted' ? 'background' : 'when-installed';
}

/** Asks for the daily background check where the browser offers it to this app. */
async function registerBackgroundCheck(found: SyncRegistration | null, on: boolean) {
  try {
    if (on) await found?.periodicSync?.register(REMINDER_SYNC_TAG, { minInterval: DAY_MS });
    else await found?.periodicSync?.unregister(REMINDER_SYNC_TAG);
  } catch {
    // Not granted (the app is not installed): the worker checks while the app is open.
  }
}

export const useReminders = create<ReminderState>((set, get) => ({
  enabled: readEnabled(),
  reach: null,
  error: null,
  busy: false,
  async enable() {
    if (get().busy) return;
    set({ busy: true, error: null });
    try {
      const found = await findRegistration();
      const reach = await reachOf(found);
      if (reach === 'unsupported' || reach === 'no-worker') {
        set({ reach });
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        set({
          error:
            'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.',
        });
        return;
      }
      registration = found;
      safeStorage.set(KEY, '{"enabled":true}');
      set({ enabled: true });
      await registerBackgroundCheck(found, true);
      set({ reach: await reachOf(found) });
      post('now');
    } finally {
      set({ busy: false });
    }
  },
  async disable() {
    safeStorage.remove(KEY);
    set({ enabled: false, error: null });
    const found = await findRegistration();
    await registerBackgroundCheck(found, false);
    post('none');
  },
}));

/** Finds out how reminders can reach the user here (for the text next to the button). */
export async function refreshReach(): Promise<void> {
  const found = await findRegistration();
  useReminders.setState({ reach: await reachOf(found) });
}

/**
 * Called once the service worker is registered: keeps it told of the saved setups while the app
 * is open and, when reminders are on, asks it to check (at most once a day, it decides).
 */
export function startReminderSync(found: ServiceWorkerRegistration): void {
  registration = found as SyncRegistration;
  void refreshReach();
  const nudge = () => {
    if (useReminders.getState().enabled) post('auto');
  };
  nudge();
  setInterval(nudge, OPEN_APP_NUDGE_MS);
  // Setups, endpoint or a home's interval changed (a report's time alone changes nothing sent).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => post('none'), 500);
  };
  useSavedSetups.subscribe(changed);
  useHomeReports.subscribe(changed);
  useEndpointStore.subscribe(changed);
  // Another tab turned reminders on or off.
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) useReminders.setState({ enabled: readEnabled() });
  });
}
