import type { IStorage } from '@dedot/storage';
import { type DedotClient, WsProvider } from 'dedot';
import type { EarlySocket } from './early-socket.ts';
import { type FirstData, readFirstData } from './first-data.ts';
import { markFirstData } from './first-data-marks.ts';
import type { RobonomicsApi } from './generated/robonomics/index';
import { cachedRuntime, rememberMetadata } from './metadata-cache.ts';
import { RUNTIME_SNAPSHOTS } from './runtime-snapshot.ts';
import { WebStorage } from './web-storage.ts';

/** A call of the runtime, as `client.tx.<pallet>.<call>(…).call` gives it (for batches). */
export type { RobonomicsRuntimeRuntimeCallLike as RuntimeCallLike } from './generated/robonomics/index';

/** The typed client of the Robonomics runtime (bindings generated from the real metadata). */
export type RobonomicsClient = DedotClient<RobonomicsApi>;

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface ChainConnectionOptions {
  /**
   * Where the metadata is kept per endpoint, so a second visit skips the download; kept only once
   * the node's genesis hash and runtime version were checked (see metadata-cache.ts). Browsers
   * default to localStorage; null keeps nothing.
   */
  cacheStorage?: IStorage | null;
  /** First reconnect delay; it doubles per failed attempt up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * A socket the page opened to this endpoint before the app ran, with the first reads already
   * sent (early-socket.ts): the first values come from it while the client's own socket opens;
   * it is closed once they are in.
   */
  early?: EarlySocket;
  /** Waited for before the client's chunk loads, e.g. the first paint (browsers). */
  beforeClient?: () => Promise<void>;
}

/** Reconnect delay of attempt n (1-based): exponential, capped, with ±20% jitter. */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * A connection to a Robonomics node with an observable state. dedot reconnects by itself and
 * resubscribes; the endpoint selector adds the backoff between attempts.
 */
export class ChainConnection {
  readonly endpoint: string;
  state: ConnectionState = 'connecting';
  error: string | null = null;
  client: RobonomicsClient | null = null;
  /** The dashboard's first values, read before the client is ready (docs/first-data.md). */
  firstData: FirstData | null = null;
  /** Whether the client's socket is open now (it may be before the client is ready). */
  socketOpen = false;
  /**
   * Whether the client's socket was open and is closed now: a drop, which the first values
   * (possibly read on the page's early socket) do not tell by themselves.
   */
  socketDropped = false;
  /** The runtime's spec version once connected; it changes with a runtime upgrade. */
  specVersion: number | null = null;
  readonly #listeners = new Set<() => void>();
  readonly #ready: Promise<RobonomicsClient>;
  #closed = false;
  readonly #provider: WsProvider;
  /** The client while it waits for its first connection. */
  #pending: RobonomicsClient | null = null;
  /** Ends that wait when the connection is closed first. */
  #abandon: ((reason: Error) => void) | null = null;
  /** The page's early socket while the first reads use it. */
  #early: EarlySocket | undefined;
  /** Requests waiting for the socket to open: closing the connection ends each. */
  readonly #waiting = new Set<(reason: Error) => void>();

  constructor(endpoint: string, options: ChainConnectionOptions = {}) {
    this.endpoint = endpoint;
    const { retryDelayMs = 1000, maxRetryDelayMs = 30_000 } = options;
    const provider = new WsProvider({
      endpoint: async ({ attempt }) => {
        // Closed: dedot would retry a refusal at once, so never answer and let it rest.
        if (this.#closed) return new Promise<string>(() => {});
        if (attempt > 1) {
          await backoff(reconnectDelay(attempt - 1, retryDelayMs, maxRetryDelayMs));
        }
        return endpoint;
      },
      // dedot retries only with a positive delay; the real backoff is in the endpoint selector.
      retryDelayMs: 1,
      maxRetryAttempts: Number.MAX_SAFE_INTEGER,
      timeout: 30_000,
    });
    this.#provider = provider;
    provider.on('connected', () => {
      markFirstData('socket-open');
      this.#socket(true);
      this.#set(this.client ? 'connected' : 'connecting');
    });
    provider.on('reconnecting', () => {
      this.#socket(false);
      this.#set('connecting');
    });
    provider.on('disconnected', () => {
      this.#socket(false);
      this.#set(this.#closed ? 'disconnected' : 'connecting');
    });
    provider.on('error', (error?: unknown) => {
      if (!this.client) this.#set('error', describeError(error));
    });
    const storage = options.cacheStorage === undefined ? browserStorage() : options.cacheStorage;
    this.#ready = (async () => {
      const keptRuntime = storage ? await cachedRuntime(storage, endpoint) : undefined;
      const kept = keptRuntime?.metadata;
      const early = options.early?.endpoint === endpoint ? options.early : undefined;
      if (options.early && !early) options.early.close();
      this.#early = early;
      const connected = provider
        .connect()
        .catch(() => new Promise((resolve) => provider.once('connected', resolve)));
      // The first reads go out on the page's early socket when there is one, else as soon as the
      // client's socket opens; the client then starts with the metadata they brought
      // (docs/first-data.md).
      const firstReads = async () => {
        if (!early) await connected;
        const send = early
          ? early.send
          : (method: string, params: unknown[]) => provider.send(method, params);
        try {
          return await readFirstData({
            endpoint,
            send,
            cached: kept,
            snapshots: keptRuntime?.snapshot
              ? [keptRuntime.snapshot, ...RUNTIME_SNAPSHOTS]
              : RUNTIME_SNAPSHOTS,
            onData: (data) => {
              if (this.#closed) return;
              this.firstData = data;
              this.#emit();
            },
          });
        } finally {
          early?.close();
        }
      };
      const downloaded = await this.#untilClosed(firstReads());
      // The client's module loads once the first values are out: the first paint does not need it.
      await this.#untilClosed(options.beforeClient?.() ?? Promise.resolve());
      const { createClient } = await this.#untilClosed(import('./create-client.ts'));
      const client = createClient(provider, downloaded ? { ...kept, ...downloaded } : kept);
      this.#pending = client;
      // connect() rejects on the first failed attempt although the provider keeps trying and the
      // client becomes ready once the node answers (a node started after the app, a phone back
      // online): wait for 'ready'; the provider's errors already show in the state.
      await new Promise<void>((resolve, reject) => {
        this.#abandon = reject;
        // dedot reports ready after each (re)connection; a drop while its first start is still
        // setting up the metadata can end with a "ready" from the reconnection before the
        // metadata is there (a client that throws on every read). The first start reports ready
        // again once it is done: only a client with its metadata is ready.
        const offReady = client.on('ready', () => {
          if (!hasMetadata(client)) return;
          offReady();
          resolve();
        });
        // An error while the socket is open is the client's own start failing (metadata, an
        // unsupported node): that one ends the wait.
        client.on('error', (error?: unknown) => {
          if (provider.status === 'connected') reject(error);
        });
        // The socket may have dropped since the first reads: let it come back first.
        const start = () => void client.connect().catch(() => {});
        if (provider.status === 'connected') start();
        else provider.once('connected', start);
      });
      this.#abandon = null;
      const remember = async () => {
        if (!storage) return;
        await rememberMetadata(storage, endpoint, {
          genesisHash: client.genesisHash,
          runtimeVersion: client.runtimeVersion,
          metadata: client.metadata,
        });
      };
      await remember();
      // A runtime upgrade while the app is open: dedot has loaded the new metadata; keep it under
      // the new spec version and tell the listeners, whose views read the new constants.
      client.on('runtimeUpgraded', () => {
        this.specVersion = client.runtimeVersion.specVersion;
        this.#emit();
        void remember().catch(() => {});
      });
      this.specVersion = client.runtimeVersion.specVersion;
      return client;
    })().then(
      (client) => {
        markFirstData('metadata-ready');
        this.client = client;
        this.#set('connected');
        return client;
      },
      (error: unknown) => {
        if (!this.#closed) this.#set('error', describeError(error));
        throw error;
      },
    );
    // Callers that never await ready() must not see an unhandled rejection.
    this.#ready.catch(() => {});
  }

  /** Resolves with the client once connected and the metadata is loaded. */
  ready(): Promise<RobonomicsClient> {
    return this.#ready;
  }

  /**
   * Sends one JSON-RPC request on the connection's socket as soon as it is open, without waiting
   * for the client and its metadata: for reads that need none, such as storage by key
   * (storage-reader.ts). Rejects when the connection is closed first.
   */
  async request<T = unknown>(method: string, params: unknown[]): Promise<T> {
    while (this.#provider.status !== 'connected') {
      if (this.#closed) throw new Error(CLOSED_EARLY);
      await new Promise<void>((resolve, reject) => {
        const stop = (reason: Error) => {
          this.#provider.off('connected', opened);
          reject(reason);
        };
        const opened = () => {
          this.#waiting.delete(stop);
          resolve();
        };
        this.#waiting.add(stop);
        this.#provider.once('connected', opened);
      });
    }
    return (await this.#provider.send(method, params)) as T;
  }

  #socket(open: boolean) {
    if (this.socketOpen === open) return;
    this.socketOpen = open;
    this.socketDropped = !open;
    this.#emit();
  }

  /** Calls every listener (a new state, or more first data). */
  #emit() {
    for (const listener of this.#listeners) listener();
  }

  /** Waits for `promise`, or rejects once the connection is closed first. */
  #untilClosed<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#closed) reject(new Error(CLOSED_EARLY));
      this.#abandon = reject;
      promise.then(resolve, reject);
    }).finally(() => {
      this.#abandon = null;
    });
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async disconnect(): Promise<void> {
    this.#closed = true;
    this.#early?.close();
    for (const stop of this.#waiting) stop(new Error(CLOSED_EARLY));
    this.#waiting.clear();
    try {
      this.#abandon?.(new Error(CLOSED_EARLY));
      const client = this.client ?? this.#pending;
      // Closing while the socket is down (a reconnect pending) is still a close; before the
      // client exists, the provider is closed itself.
      if (client) await client.disconnect().catch(() => {});
      else if (this.#provider.status !== 'disconnected') {
        await this.#provider.disconnect().catch(() => {});
      }
    } finally {
      this.#set('disconnected');
    }
  }

  #set(state: ConnectionState, error: string | null = null) {
    if (this.state === state && this.error === error) return;
    this.state = state;
    this.error = error;
    this.#emit();
  }
}

const CLOSED_EARLY = 'The connection was closed before the node answered.';

/** Whether dedot has set up the client's metadata (its getters throw until then). */
function hasMetadata(client: RobonomicsClient): boolean {
  try {
    return client.registry !== undefined && client.metadata !== undefined;
  } catch {
    return false;
  }
}

/**
 * Waits out a reconnect delay, cut short when the browser comes back online (a phone leaving a
 * tunnel should not wait up to half a minute for the next attempt).
 */
function backoff(ms: number): Promise<void> {
  const events = globalThis as Partial<
    Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  >;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      events.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    events.addEventListener?.('online', done);
  });
}

/** localStorage where there is one (browsers), else nothing is kept. */
function browserStorage(): IStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : new WebStorage(localStorage);
  } catch {
    return null;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The node could not be reached.';
}
