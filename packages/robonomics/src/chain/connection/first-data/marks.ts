/**
 * Milestones on the way to the first chain data, as User Timing marks (performance.mark): the
 * bench reads them to show where a cold or warm start spends its time (docs/first-data.md).
 * Each is set once per page; a mark costs next to nothing, so they stay in production code.
 */
export type FirstDataMilestone =
  | 'script-parsed'
  | 'worker-answers'
  | 'socket-open'
  | 'runtime-version'
  | 'first-storage'
  | 'metadata-ready'
  | 'price-painted';

export const FIRST_DATA_MARK_PREFIX = 'first-data:';

/**
 * Marks `milestone` the first time it is reached on this page; later calls do nothing. The page's
 * timeline is asked, not a module's memory: the page's first script marks too.
 */
export function markFirstData(milestone: FirstDataMilestone): void {
  markOnce(`${FIRST_DATA_MARK_PREFIX}${milestone}`);
}

/** Sets the User Timing mark `name` unless this page has it already. */
export function markOnce(name: string): void {
  try {
    const timeline = globalThis.performance;
    if (!timeline?.mark || timeline.getEntriesByName(name, 'mark').length > 0) return;
    timeline.mark(name);
  } catch {
    // A browser without User Timing: nothing to measure.
  }
}
