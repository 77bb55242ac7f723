/**
 * Registers the service worker once the page has painted and gone idle, from a chunk of its own:
 * the first screen never waits for it and the dashboard's script budget does not carry it.
 * Browsers without service workers (or with them blocked) simply run the app online.
 */
export function startWorkerAfterPaint(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    import('./register-worker.ts').then(
      (module) => module.registerWorker(),
      (error: unknown) => console.warn('The offline support could not be loaded.', error),
    );
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => void register(), { timeout: 3000 })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
