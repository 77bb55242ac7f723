import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import type { ReminderFacts } from '@robonomics-dapp/robonomics/chain/queries/reminder-reads';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import type { ReminderMessage, ReminderSetup } from '../../lib/reminders/reminder-setups.ts';
import {
  applyMessage,
  type CheckDeps,
  checkReminders,
  DAY_MS,
  EMPTY_STATE,
  isReminderMessage,
  type Notice,
  type ReminderState,
} from './reminder-check.ts';

const DAVE = '4Gb8cJ2Au5MW9bAMbr5mzxNeBbCVsRRR4fQbVzGr1EWaWqBk';
const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const NODE = 'ws://127.0.0.1:9944';
const END = Date.UTC(2025, 10, 29, 14, 5);

const setup = (owner: string, name: string, extra: Partial<ReminderSetup> = {}): ReminderSetup => ({
  owner,
  name,
  network: 'local',
  endpoint: NODE,
  renewUrl: `http://127.0.0.1:5173/#/rws-buy?owner=${owner}`,
  homeUrl: 'http://127.0.0.1:5173/#/telemetry',
  ...extra,
});
const daily: SubscriptionLedger = {
  freeWeight: 0n,
  issueTime: BigInt(END - 30 * DAY_MS),
  lastUpdate: BigInt(END - 30 * DAY_MS),
  kind: { type: 'Daily', days: 30 },
};
const lifetime: SubscriptionLedger = { ...daily, kind: { type: 'Lifetime', tps: 1_000_000 } };

/** A worker's surroundings: its stored state, one node's answers, the notifications shown. */
function world(state: Partial<ReminderState>, facts: () => ReminderFacts) {
  let stored: ReminderState = { ...EMPTY_STATE, enabled: true, ...state };
  const shown: Notice[] = [];
  const reads: string[][] = [];
  let now = END - 5 * DAY_MS;
  let allowed = true;
  let failing = false;
  const deps: CheckDeps = {
    load: async () => structuredClone(stored),
    save: async (next) => {
      stored = structuredClone(next);
    },
    read: async (_endpoint, owners, controllers) => {
      reads.push([...owners, ...controllers]);
      if (failing) throw new Error('The node could not be reached.');
      return facts();
    },
    show: async (notice) => {
      shown.push(notice);
    },
    allowed: () => allowed,
    now: () => now,
  };
  return {
    deps,
    shown,
    reads,
    state: () => stored,
    set(changes: { now?: number; allowed?: boolean; failing?: boolean }) {
      now = changes.now ?? now;
      allowed = changes.allowed ?? allowed;
      failing = changes.failing ?? failing;
    },
  };
}

const facts = (chainNow: number, lastRecord: number | null = null): ReminderFacts => ({
  chainNow,
  ledgers: new Map([
    [ALICE, daily],
    [DAVE, lifetime],
  ]),
  lastRecords: new Map([[CONTROLLER, lastRecord]]),
});

describe('the worker’s reminder check', () => {
  it('shows the week’s notice once, for the Daily subscription only, leading to its renew page', async () => {
    const w = world({ setups: [setup(ALICE, 'Sunny Home'), setup(DAVE, 'Dave’s')] }, () =>
      facts(END - 5 * DAY_MS),
    );
    expect(await checkReminders(w.deps, true)).toHaveLength(1);
    expect(w.shown).toEqual([
      expect.objectContaining({
        title: 'Sunny Home: the subscription ends in 5 days',
        tag: `renewal:local:${ALICE}`,
        url: `http://127.0.0.1:5173/#/rws-buy?owner=${ALICE}`,
      }),
    ]);
    // The page asks again the same day (forced), the browser's daily sync runs: nothing new.
    expect(await checkReminders(w.deps, true)).toEqual([]);
    w.set({ now: END - 4 * DAY_MS });
    expect(await checkReminders(w.deps, false)).toEqual([]);
    expect(w.shown).toHaveLength(1);
    // One read per check, of the owners and controllers, nothing else.
    expect(w.reads).toEqual([
      [ALICE, DAVE],
      [ALICE, DAVE],
      [ALICE, DAVE],
    ]);
  });

  it('counts days by the chain’s clock, not the device’s', async () => {
    // The device's clock says a month earlier; the chain says 1 day before the end.
    const w = world({ setups: [setup(ALICE, 'Sunny Home')] }, () => facts(END - DAY_MS + 60_000));
    w.set({ now: END - 30 * DAY_MS });
    const [notice] = await checkReminders(w.deps, true);
    expect(notice?.title).toBe('Sunny Home: the subscription ends tomorrow');
  });

  it('checks at most once a day unless asked by the user, and retries after a node failed', async () => {
    const w = world({ setups: [setup(ALICE, 'Sunny Home')] }, () => facts(END - 3 * DAY_MS));
    w.set({ failing: true });
    expect(await checkReminders(w.deps, false)).toEqual([]);
    expect(w.state().lastCheck).toBe(0);
    w.set({ failing: false });
    expect(await checkReminders(w.deps, false)).toHaveLength(1);
    const checked = w.state().lastCheck;
    w.set({ now: checked + DAY_MS - 1 });
    await checkReminders(w.deps, false);
    expect(w.reads).toHaveLength(2);
    w.set({ now: checked + DAY_MS });
    await checkReminders(w.deps, false);
    expect(w.reads).toHaveLength(3);
  });

  it('does nothing while reminders are off or notifications were revoked', async () => {
    const off = world({ enabled: false, setups: [setup(ALICE, 'A')] }, () => facts(END - DAY_MS));
    expect(await checkReminders(off.deps, true)).toEqual([]);
    const revoked = world({ setups: [setup(ALICE, 'A')] }, () => facts(END - DAY_MS));
    revoked.set({ allowed: false });
    expect(await checkReminders(revoked.deps, true)).toEqual([]);
    expect([...off.reads, ...revoked.reads]).toEqual([]);
  });

  it('tells of a quiet home once per silence, by three of its sending intervals', async () => {
    const lastRecord = END - 5 * DAY_MS - 31 * 60_000;
    const w = world(
      { setups: [setup(DAVE, 'Lake house', { controller: CONTROLLER, sendingTimeout: 600 })] },
      () => facts(END - 5 * DAY_MS, lastRecord),
    );
    const [quiet] = await checkReminders(w.deps, true);
    expect(quiet?.title).toBe('Lake house: your home went quiet');
    expect(quiet?.body).toMatch(
      /^Your home has not reported since .+\. Check that the controller is on/,
    );
    expect(quiet?.url).toBe('http://127.0.0.1:5173/#/telemetry');
    expect(await checkReminders(w.deps, true)).toEqual([]);
    // With a 1-hour interval the same silence is not yet quiet.
    const slow = world(
      { setups: [setup(DAVE, 'Lake house', { controller: CONTROLLER, sendingTimeout: 3600 })] },
      () => facts(END - 5 * DAY_MS, lastRecord),
    );
    expect(await checkReminders(slow.deps, true)).toEqual([]);
  });
});

describe('the page’s messages', () => {
  const message: ReminderMessage = {
    type: 'reminders',
    enabled: true,
    setups: [setup(ALICE, 'Sunny Home')],
    check: 'now',
  };

  it('are checked before they change what the worker keeps', () => {
    expect(isReminderMessage(message)).toBe(true);
    expect(isReminderMessage({ ...message, check: 'sometimes' })).toBe(false);
    expect(isReminderMessage({ ...message, setups: [{ owner: ALICE }] })).toBe(false);
    expect(isReminderMessage({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isReminderMessage(null)).toBe(false);
  });

  it('replace the setups and the choice, keeping what was shown', () => {
    const before: ReminderState = { ...EMPTY_STATE, lastCheck: 5, shown: ['k'] };
    expect(applyMessage(before, message)).toEqual({
      enabled: true,
      setups: message.setups,
      lastCheck: 5,
      shown: ['k'],
    });
  });
});
