/**
 * Registers the service worker from a chunk of its own once the page has loaded, `notBefore` has
 * settled (the page's first values are on screen) and the browser is idle: the first screen never
 * waits for it, and its install, which fetches every file of the app, does not compete with the
 * first values for the network or the processor (docs/pwa.md). The dashboard's script budget does
 * not carry it. Browsers without service workers (or with them blocked) simply run the app online.
 */
export function startWorkerAfterPaint(notBefore: Promise<unknown>): void {
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
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, notBefore.catch(() => {})]).then(whenIdle);
}
