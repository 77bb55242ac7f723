/**
 * Dynamic imports that can be retried in every browser.
 *
 * Some browsers keep a failed dynamic import for the whole life of the page: importing the same
 * URL again fails at once, without a request (Chromium 150 does, as the HTML standard used to
 * ask; Chromium 156 fetches again). A loader wrapped here remembers the URL the browser named in its
 * failure and, on the next call, imports a fresh copy of that module under the same URL with a
 * `retry` query. Once a module has loaded, every later call gets that same module, so a page's
 * code never runs twice. A failed file that the named module imports in turn stays failed in such
 * a browser until the page is reloaded (docs/pwa.md, "A part that fails to load").
 */

type Importer = (url: string) => Promise<unknown>;

const importUrl: Importer = (url) => import(/* @vite-ignore */ url);

/** The URL of the module a failed import names, when it is one of this origin's scripts. */
export function failedModuleUrl(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : String(error);
  for (const found of message.match(/https?:\/\/[^\s'"]+/g) ?? []) {
    try {
      const url = new URL(found);
      if (url.origin === origin && /\.m?js$/.test(url.pathname)) return url.href;
    } catch {
      // Not a URL after all: look at the next one.
    }
  }
  return null;
}

/** `url` with its retry number in the query, replacing an earlier one. */
export function withRetryQuery(url: string, attempt: number): string {
  const next = new URL(url);
  next.searchParams.set('retry', String(attempt));
  return next.href;
}

export function retryableImport<M>(
  load: () => Promise<M>,
  { origin = globalThis.location?.origin ?? '', importFn = importUrl } = {},
): () => Promise<M> {
  let loaded: Promise<M> | null = null;
  let failedUrl: string | null = null;
  let attempts = 0;
  return () => {
    if (loaded) return loaded;
    const attempt = failedUrl
      ? (importFn(withRetryQuery(failedUrl, ++attempts)) as Promise<M>)
      : load();
    return attempt.then(
      (module) => {
        loaded = Promise.resolve(module);
        return module;
      },
      (error: unknown) => {
        // A fresh copy that failed names the retry URL: keep the original one.
        if (!failedUrl) failedUrl = failedModuleUrl(error, origin);
        throw error;
      },
    );
  };
}
