import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { retryableImport } from './retry-import.ts';

/** Chunk load timeout (docs/product-rules.md, Constants): a lazy page gives up after 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

const loadQueryScope = retryableImport(() => import('./query-scope.tsx'));

/** Each loader's retryable twin, made once so its memory of a failure lasts across retries. */
const retryable = new WeakMap<() => Promise<unknown>, () => Promise<unknown>>();
function retryableOf<M>(load: () => Promise<M>): () => Promise<M> {
  let found = retryable.get(load);
  if (!found) {
    found = retryableImport(load);
    retryable.set(load, found);
  }
  return found as () => Promise<M>;
}

/**
 * A lazily loaded component with the app's query cache around it (query-scope.tsx), loaded beside
 * its code: the shell has no query cache of its own, so every lazy part of the app goes through
 * this (LazyPage does).
 */
export function withQueries<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  const loadPart = retryableOf(load);
  return () =>
    Promise.all([loadPart(), loadQueryScope()]).then(([{ default: Part }, { QueryScope }]) => ({
      default: (props: P) => (
        <QueryScope>
          <Part {...props} />
        </QueryScope>
      ),
    }));
}

/** Races a dynamic import against the timeout and names every failure a chunk-load error. */
export function loadWithTimeout(
  load: () => Promise<PageModule>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<PageModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading took longer than ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError('A script or stylesheet of this page could not be loaded.', {
            cause: error,
          });
    })
    .finally(() => clearTimeout(timer));
}

interface BoundaryProps {
  onRetry: () => void;
  /** How many times Retry was pressed before this boundary. */
  retries: number;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunkError = error instanceof ChunkLoadError;
    return (
      <section className="card notice notice-error" role="alert">
        <h2>This part of the app failed to load</h2>
        <p>
          {isChunkError
            ? `${error.message} Check your connection and retry.`
            : 'Something went wrong while showing this page.'}
        </p>
        {isChunkError && this.props.retries > 0 && (
          <p>
            If it keeps failing while you are online, reload the page: some browsers keep a file
            that failed to load until the page is reloaded.
          </p>
        )}
        <div className="row">
          <button type="button" className="button primary" onClick={this.props.onRetry}>
            Retry
          </button>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </section>
    );
  }
}

export type PageLoader = () => Promise<PageModule>;

/**
 * A page loaded on demand. A failed or timed-out chunk shows a retry state instead of a blank
 * page; Retry starts a fresh import. `load` must be a stable (module-level) function.
 */
export function LazyPage({
  load,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: {
  load: PageLoader;
  timeoutMs?: number;
}) {
  // Created here, above the Suspense boundary, so a suspended first render does not start a
  // second import; Retry swaps in a new lazy component, which imports again (a fresh copy of the
  // failed file where the browser keeps failures: retry-import.ts).
  const [loadPage] = useState(() => withQueries(load));
  const newPage = () => lazy(() => loadWithTimeout(loadPage, timeoutMs));
  const [attempt, setAttempt] = useState(0);
  const [Page, setPage] = useState(newPage);
  const retry = () => {
    setPage(newPage);
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkErrorBoundary key={attempt} onRetry={retry} retries={attempt}>
      <Suspense
        fallback={
          <p className="loading" role="status">
            Loading
          </p>
        }
      >
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
