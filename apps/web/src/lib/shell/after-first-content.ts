/**
 * Calls `then` once the page has painted its first content (the browser's first-contentful-paint
 * entry), or after `atMostMs` when it reports none (a hidden tab, a browser without paint
 * timing): for work the first screen must not wait for. Called once.
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
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
}
