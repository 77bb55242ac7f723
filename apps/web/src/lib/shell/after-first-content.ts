/**
 * Calls `then` once the page has painted its first content (the browser's first-contentful-paint
 * entry) and the main thread is idle after it, so that the work the first screen starts then (the
 * chain client's code) is asked for first; after `atMostMs` at the latest, whatever the page
 * reports (a hidden tab paints nothing). For work the first screen must not wait for. Called once.
 */
export function afterFirstContent(then: () => void, atMostMs: number): void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(run, atMostMs);
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    return;
  }
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: atMostMs });
    else setTimeout(run, 0);
  };
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer?.disconnect();
    whenIdle();
  });
  observer.observe({ type: 'paint', buffered: true });
}
