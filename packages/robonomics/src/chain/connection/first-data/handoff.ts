import type { FirstDataRead } from './start.ts';

/**
 * How the page's first script (built on its own, see docs/first-data.md) hands the first reads it
 * started to the app: a global both read, set at most once per page.
 */
declare global {
  var __robonomicsFirstData: FirstDataRead | undefined;
}

export function leaveFirstData(read: FirstDataRead): void {
  globalThis.__robonomicsFirstData = read;
}

/** The first reads the page's first script started, once: whoever takes them closes them. */
export function takeFirstData(): FirstDataRead | undefined {
  const read = globalThis.__robonomicsFirstData;
  globalThis.__robonomicsFirstData = undefined;
  return read;
}
