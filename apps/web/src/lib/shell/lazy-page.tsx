import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/** Chunk load timeout (docs/product-rules.md, Constants): a lazy page gives up after 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

/**
 * A lazily loaded component with the app's query cache around it (query-scope.tsx), loaded beside
 * its code: the shell has no query cache of its own, so every lazy part of the app goes through
 * this (LazyPage does).
 */
export function withQueries<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    Promise.all([load(), import('./query-scope.tsx')]).then(
      ([{ default: Part }, { QueryScope }]) => ({
        default: (props: P) => (
          <QueryScope>
            <Part {...props} />
          </QueryScope>
        ),
      }),
    );
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
  // second import; Retry swaps in a new lazy component, which imports again.
  const newPage = () => lazy(() => loadWithTimeout(withQueries(load), timeoutMs));
  const [attempt, setAttempt] = useState(0);
  const [Page, setPage] = useState(newPage);
  const retry = () => {
    setPage(newPage);
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkErrorBoundary key={attempt} onRetry={retry}>
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
