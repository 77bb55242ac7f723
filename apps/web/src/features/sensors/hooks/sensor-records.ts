import type { DatalogRecord } from '@robonomics-dapp/robonomics/chain/model/datalog';

/**
 * The records to show: the window read once, then the records that arrived live after its
 * newest one (a live record the window already holds is not shown twice). Oldest first.
 */
export function joinRecords(
  window: readonly DatalogRecord[],
  live: readonly DatalogRecord[],
): DatalogRecord[] {
  const newest = window.reduce((t, r) => Math.max(t, r.time), Number.NEGATIVE_INFINITY);
  const held = new Set(window.map((r) => `${r.time}:${r.text}`));
  return [...window, ...live.filter((r) => r.time >= newest && !held.has(`${r.time}:${r.text}`))];
}
