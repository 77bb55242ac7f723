import type { ReminderFacts } from '@robonomics-dapp/robonomics/chain/queries/reminder-reads';
import {
  QUIET_CHECKS,
  quietKey,
  quietSince,
  quietText,
} from '@robonomics-dapp/robonomics/home-assistant/quiet-home';
import { renewalDue, renewalNotice } from '@robonomics-dapp/robonomics/rws/reminders';
import type { ReminderMessage, ReminderSetup } from '../../lib/reminders/reminder-setups.ts';
import { formatDateTime } from '../../lib/time/format-date.ts';

/**
 * The service worker's reminder check (docs/pwa.md, "Renewal reminders"): for every saved setup,
 * its ledger and its controller's newest datalog record, read from the setup's node; a
 * notification 7 days and 1 day before the subscription ends and once it has ended, and one when
 * the home went quiet, each once. Automatic checks run at most once a day.
 */

export const DAY_MS = 86_400_000;

/** What the worker keeps between checks (in IndexedDB). */
export interface ReminderState {
  enabled: boolean;
  setups: ReminderSetup[];
  /** When the last check that reached a node ran (device clock, ms); 0: never. */
  lastCheck: number;
  /** The keys of the notices shown (or passed over for a later one). */
  shown: string[];
}

export const EMPTY_STATE: ReminderState = { enabled: false, setups: [], lastCheck: 0, shown: [] };

/** At most this many shown keys are kept: the oldest go first. */
const MAX_SHOWN = 500;

export interface Notice {
  title: string;
  body: string;
  /** One notification per setup and kind replaces the one before it. */
  tag: string;
  /** Where a tap leads. */
  url: string;
  /** The key shown, and the keys marked with it. */
  marks: string[];
}

/** The notices the facts call for, given the keys already shown. */
export function noticesFor(
  setups: readonly ReminderSetup[],
  factsByEndpoint: ReadonlyMap<string, ReminderFacts>,
  deviceNow: number,
  shown: ReadonlySet<string>,
): Notice[] {
  const notices: Notice[] = [];
  for (const setup of setups) {
    const facts = factsByEndpoint.get(setup.endpoint);
    if (!facts) continue;
    const due = renewalDue(facts.ledgers.get(setup.owner) ?? null, facts.chainNow);
    const renewal = due && renewalNotice(setup.owner, setup.name, due, facts.chainNow, shown, {});
    if (renewal) {
      notices.push({
        title: renewal.title,
        body: renewal.body,
        tag: `renewal:${setup.network}:${setup.owner}`,
        url: setup.renewUrl,
        marks: renewal.marks,
      });
    }
    const controller = setup.controller;
    if (!controller) continue;
    // The home's own reports carry its clock; the device's tells how long it has been quiet.
    const since = quietSince(facts.lastRecords.get(controller), setup.sendingTimeout, deviceNow);
    if (since === null || shown.has(quietKey(controller, since))) continue;
    notices.push({
      title: `${setup.name}: your home went quiet`,
      body: `${quietText(since, formatDateTime)}. ${QUIET_CHECKS}`,
      tag: `quiet:${setup.network}:${controller}`,
      url: setup.homeUrl,
      marks: [quietKey(controller, since)],
    });
  }
  return notices;
}

export interface CheckDeps {
  load(): Promise<ReminderState>;
  save(state: ReminderState): Promise<void>;
  /** The public reads of one node. */
  read(endpoint: string, owners: string[], controllers: string[]): Promise<ReminderFacts>;
  show(notice: Notice): Promise<void>;
  /** Whether the user allowed notifications (they may have revoked it since). */
  allowed(): boolean;
  now(): number;
}

/**
 * One check: nothing unless reminders are on and allowed, and (unless `force`) nothing when a
 * check already reached a node today. Resolves with the notices shown.
 */
export async function checkReminders(deps: CheckDeps, force: boolean): Promise<Notice[]> {
  const state = await deps.load();
  const now = deps.now();
  if (!state.enabled || !deps.allowed()) return [];
  if (!force && now - state.lastCheck < DAY_MS) return [];
  const byEndpoint = new Map<string, ReminderSetup[]>();
  for (const setup of state.setups) {
    byEndpoint.set(setup.endpoint, [...(byEndpoint.get(setup.endpoint) ?? []), setup]);
  }
  const facts = new Map<string, ReminderFacts>();
  await Promise.all(
    [...byEndpoint].map(async ([endpoint, setups]) => {
      const owners = [...new Set(setups.map((s) => s.owner))];
      const controllers = [...new Set(setups.flatMap((s) => (s.controller ? [s.controller] : [])))];
      try {
        facts.set(endpoint, await deps.read(endpoint, owners, controllers));
      } catch {
        // This node did not answer: its setups wait for the next check.
      }
    }),
  );
  if (facts.size === 0) return [];
  const shown = new Set(state.shown);
  const notices = noticesFor(state.setups, facts, now, shown);
  for (const notice of notices) {
    await deps.show(notice);
    for (const key of notice.marks) shown.add(key);
  }
  // The latest state: the page may have sent new setups while the nodes were read.
  const latest = await deps.load();
  await deps.save({ ...latest, lastCheck: now, shown: [...shown].slice(-MAX_SHOWN) });
  return notices;
}

/** The state after a message from the page. */
export function applyMessage(state: ReminderState, message: ReminderMessage): ReminderState {
  return { ...state, enabled: message.enabled, setups: message.setups };
}

/** Whether a message from a page is one of ours, well formed. */
export function isReminderMessage(data: unknown): data is ReminderMessage {
  const m = data as Partial<ReminderMessage> | null;
  return (
    !!m &&
    m.type === 'reminders' &&
    typeof m.enabled === 'boolean' &&
    Array.isArray(m.setups) &&
    (m.check === 'now' || m.check === 'auto' || m.check === 'none') &&
    m.setups.every(
      (s) =>
        typeof s?.owner === 'string' &&
        typeof s.name === 'string' &&
        typeof s.endpoint === 'string' &&
        typeof s.renewUrl === 'string' &&
        typeof s.homeUrl === 'string',
    )
  );
}
