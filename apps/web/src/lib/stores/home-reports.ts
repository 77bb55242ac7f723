import { create } from 'zustand';
import { safeStorage } from '../storage/safe-storage.ts';

/**
 * What this device saw of each home beyond the chain: when its last live /update arrived and
 * its sending interval (the config's `sending_timeout`, s), which only the devices page can read
 * (the config is encrypted for the home's users). Kept per endpoint and controller so the header
 * popup and the reminder worker can tell a quiet home too (docs/product-rules.md, "A quiet home").
 */
const KEY = 'robonomics-dapp.home-reports.v1';
const MAX_ENTRIES = 50;

export interface HomeReport {
  /** When the newest report (datalog record or /update) shown on the devices page was made. */
  reportedAt?: number;
  /** The config's sending interval, in seconds. */
  sendingTimeout?: number;
  /** When a command sent from this device to the home was last confirmed done by the home. */
  controlledAt?: number;
}

type Reports = Record<string, HomeReport>;

/** The key of a home: its endpoint and controller. */
export const homeKey = (endpoint: string, controller: string) => `${endpoint}|${controller}`;

function readAll(): Reports {
  try {
    const parsed = JSON.parse(safeStorage.get(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Reports)
      : {};
  } catch {
    return {};
  }
}

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
    const all = readAll();
    const key = homeKey(endpoint, controller);
    const before = all[key] ?? {};
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
    all[key] = next;
    const newest = Object.entries(all)
      .sort(([, a], [, b]) => (asNumber(b?.reportedAt) ?? 0) - (asNumber(a?.reportedAt) ?? 0))
      .slice(0, MAX_ENTRIES);
    const reports = Object.fromEntries(newest);
    safeStorage.set(KEY, JSON.stringify(reports));
    set({ reports });
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
