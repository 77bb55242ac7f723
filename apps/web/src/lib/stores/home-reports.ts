import { create } from 'zustand';
import { accountKey, readAccountRecords, withAccountRecord } from '../storage/account-records.ts';
import { safeStorage } from '../storage/safe-storage.ts';

/**
 * What this device saw of each home beyond the chain: when its last live /update arrived and
 * its sending interval (the config's `sending_timeout`, s), which only the devices page can read
 * (the config is encrypted for the home's users). Kept per endpoint and controller so the header
 * popup and the reminder worker can tell a quiet home too (docs/product-rules.md, "A quiet home").
 * The entry is kept as account-records.ts keeps per-account records (`endpoint|controller`, the
 * newest 50 by report time); its key and format are the ones users' browsers already hold.
 */
const KEY = 'robonomics-dapp.home-reports.v1';

export interface HomeReport {
  /** When the newest report (datalog record or /update) shown on the devices page was made. */
  reportedAt?: number;
  /** The config's sending interval, in seconds. */
  sendingTimeout?: number;
  /** When a command sent from this device to the home was last confirmed done by the home. */
  controlledAt?: number;
}

type Reports = Record<string, HomeReport>;

/** The key of a home: its endpoint and controller, as an account's record is keyed. */
export const homeKey = (endpoint: string, controller: string) => accountKey(endpoint, controller);

/** Every kept report, unchecked: cleanReport checks an entry where it is read. */
const readAll = () => readAccountRecords(safeStorage.get(KEY)) as Reports;

const asNumber = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

interface HomeReportsState {
  reports: Reports;
  /** Records a newer report time and/or the interval; older times never replace newer ones. */
  note(endpoint: string, controller: string, report: HomeReport): void;
}

export const useHomeReports = create<HomeReportsState>((set) => ({
  reports: readAll(),
  note(endpoint, controller, report) {
    const before = readAll()[homeKey(endpoint, controller)] ?? {};
    const reportedAt = Math.max(asNumber(before.reportedAt) ?? 0, asNumber(report.reportedAt) ?? 0);
    const controlledAt = Math.max(
      asNumber(before.controlledAt) ?? 0,
      asNumber(report.controlledAt) ?? 0,
    );
    const next: HomeReport = {
      ...(reportedAt > 0 ? { reportedAt } : {}),
      sendingTimeout: asNumber(report.sendingTimeout) ?? asNumber(before.sendingTimeout),
      ...(controlledAt > 0 ? { controlledAt } : {}),
    };
    if (
      next.reportedAt === before.reportedAt &&
      next.sendingTimeout === before.sendingTimeout &&
      next.controlledAt === before.controlledAt
    ) {
      return;
    }
    const kept = withAccountRecord(safeStorage.get(KEY), endpoint, controller, next, (r) =>
      asNumber(r.reportedAt),
    );
    safeStorage.set(KEY, kept);
    set({ reports: readAccountRecords(kept) as Reports });
  },
}));

/** What is kept of a home (an entry of `reports`), with unusable values left out. */
export function cleanReport(entry: HomeReport | undefined): HomeReport {
  return {
    reportedAt: asNumber(entry?.reportedAt),
    sendingTimeout: asNumber(entry?.sendingTimeout),
    controlledAt: asNumber(entry?.controlledAt),
  };
}

// Another tab saw a newer report: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) useHomeReports.setState({ reports: readAll() });
  });
}
