import type { IStorage } from '@dedot/storage';
import type { WsProvider } from 'dedot';
import type { KeptRuntime } from '../metadata/cache.ts';
import { pinnedRuntime } from '../metadata/pinned-runtimes.ts';
import type { SigningMetadata } from '../metadata/signing-registry.ts';
import { browserSummaryStore } from '../metadata/web-storage.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { identifyNetwork, type NetworkIdentity } from '../network/network-identity.ts';
import { markFirstData } from './first-data/marks.ts';
import type { FirstData } from './first-data/read.ts';
import type { FirstDataRead } from './first-data/start.ts';
import { backoff, reconnectDelay } from './reconnect.ts';
import { misplacedCallOf, NetworkRefusedError } from './refusal.ts';
import { scheduleSigningCheck } from './signing-check.ts';

type Hex = `0x${string}`;

/** The client's code and where its metadata is kept, loaded once per connection. */
interface ClientCode {
  createClient: typeof import('./create-client.ts').createClient;
  misplacedCall: typeof import('./create-client.ts').misplacedCall;
  WsProvider: typeof WsProvider;
  cache: typeof import('../metadata/cache.ts');
  signing: typeof import('../metadata/signing-registry.ts');
  stores: ReturnType<typeof import('../metadata/cache.ts').metadataStoresOf>;
}

/** What a client starts from. */
interface ClientStart {
  /** The metadata handed to dedot (dedot's `metadata` option); empty: it is fetched. */
  startMetadata: Record<string, Hex>;
  /** The part of it read from the bytes kept on this device. */
  bytesKept: Record<string, Hex>;
  /** Whether the description came from this device rather than from the node. */
  keptHere: boolean;
}

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface ChainConnectionOptions {
  /**
   * Where the metadata is kept per endpoint, so a second visit skips the download; kept only once
   * the node's genesis hash and runtime version were checked (see metadata/cache.ts). This store
   * holds each endpoint's small summary, which the page's first script reads. Browsers default to
   * localStorage; null keeps nothing.
   */
  cacheStorage?: IStorage | null;
  /**
   * Where the metadata's bytes are kept (about 350,000 characters per endpoint). Browsers default
   * to IndexedDB; with a `cacheStorage` given and no store here, that one holds both.
   */
  metadataStorage?: IStorage | null;
  /** First reconnect delay; it doubles per failed attempt up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * The first reads the page's first script started before the app ran (first-data/handoff.ts):
   * when they are for this endpoint, the first values come from them while the client's own
   * socket opens, and their socket is closed once they are in.
   */
  firstData?: FirstDataRead;
  /**
   * Waited for before the client's chunk loads, e.g. the first paint (browsers). `needed` settles
   * once a read by key has nothing else to go on (the first reads' socket closed): a wait that
   * is only a preference should end then.
   */
  beforeClient?: (needed: Promise<void>) => Promise<void>;
  /** The build's own devnet endpoints, known by their address (see identifyNetwork). */
  devnetEndpoints?: readonly string[];
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
  /**
   * The latest values the first reads published before the client was ready (the network, the
   * price and the auction queue as far as they came); null until any. The connection hands them
   * over as they are: the offer the dashboard shows is composed from them and then from the
   * client outside the connection (rws/follow-offer.ts, docs/first-data.md).
   */
  firstValues: FirstData | null = null;
  /** Whether the client's socket is open now (it may be before the client is ready). */
  socketOpen = false;
  /**
   * Whether the client's socket was open and is closed now: a drop, which the first values
   * (possibly read on the page's first-data socket) do not tell by themselves.
   */
  socketDropped = false;
  /** The runtime's spec version once connected; it changes with a runtime upgrade. */
  specVersion: number | null = null;
  /**
   * Which network the node is (docs/security.md): from the first reads, then checked again on
   * the client's own socket before the client is handed out. Null until known.
   */
  network: NetworkIdentity | null = null;
  /** Set when the node was refused: the connection is closed and nothing can be signed. */
  refused = false;
  /**
   * What transactions commit to (signing-metadata.ts), once the node's description of the
   * runtime was checked (after the page's first paint); null until then.
   */
  signing: SigningMetadata | null = null;
  /**
   * Set when the runtime description kept on this device from an earlier visit was not the
   * network's: it was dropped, and the connection fetched the node's own with a new client.
   */
  keptDescriptionDropped = false;
  readonly #options: ChainConnectionOptions;
  readonly #listeners = new Set<() => void>();
  /** The client once ready; replaced when the connection starts a new client. */
  #ready: Promise<RobonomicsClient>;
  #closed = false;
  /** The client's socket, once the client's code has loaded. */
  #provider: WsProvider | null = null;
  /** The newest client, from its creation on (while it waits for its first connection too). */
  #pending: RobonomicsClient | null = null;
  /** Ends that wait when the connection is closed first. */
  #abandon: ((reason: Error) => void) | null = null;
  /** The first reads the page's first script started, while they run. */
  #firstData: FirstDataRead | undefined;
  /** Settles once a read by key must wait for the client's socket (beforeClient's `needed`). */
  #needClient: () => void = () => {};
  readonly #clientNeeded = new Promise<void>((resolve) => {
    this.#needClient = resolve;
  });

  constructor(endpoint: string, options: ChainConnectionOptions = {}) {
    this.endpoint = endpoint;
    this.#options = options;
    this.#ready = this.#settle(this.#start());
  }

  /** The client handed out once `start` is done, or the connection's error. */
  #settle(start: Promise<RobonomicsClient>): Promise<RobonomicsClient> {
    const ready = start.then(
      (client) => {
        markFirstData('metadata-ready');
        this.client = client;
        this.#set('connected');
        return client;
      },
      async (error: unknown) => {
        if (error instanceof NetworkRefusedError) await this.#refuse(error);
        else if (!this.#closed) this.#set('error', describeError(error));
        throw error;
      },
    );
    // Callers that never await ready() must not see an unhandled rejection.
    ready.catch(() => {});
    return ready;
  }

  /**
   * The connection's start, in its order (docs/first-data.md): the first values (from the page's
   * first reads, else on the client's own socket), the client's code after the first paint, the
   * client with the metadata at hand, the node checked, then the runtime followed.
   */
  async #start(): Promise<RobonomicsClient> {
    const options = this.#options;
    const firstReads = this.#adoptFirstReads();
    // The client's code (dedot, its socket and codecs) is not needed before the paint.
    let downloaded = firstReads ? await this.#firstValuesFrom(firstReads) : undefined;
    // What reads and keeps the metadata comes with the client too.
    const [{ createClient, misplacedCall, WsProvider }, cache, signing] = await this.#untilClosed(
      Promise.all([
        import('./create-client.ts'),
        import('../metadata/cache.ts'),
        import('../metadata/signing-registry.ts'),
      ]),
    );
    const summaries =
      options.cacheStorage === undefined ? browserSummaryStore() : options.cacheStorage;
    const stores = cache.metadataStoresOf(summaries, options);
    // The kept bytes are read while the socket opens (IndexedDB, not localStorage: docs/first-data.md).
    const keptBytes = stores
      ? cache.keptMetadataOf(stores.bytes, this.endpoint)
      : Promise.resolve({});
    const provider = this.#openProvider(WsProvider, options);
    const connected = connectedOnce(provider);
    let kept = firstReads?.kept;
    if (!firstReads) {
      const keptHere = stores ? cache.cachedRuntime(stores.summaries, this.endpoint) : undefined;
      ({ kept, downloaded } = await this.#firstValuesOnClientSocket(provider, connected, keptHere));
    }
    const bytesKept = await this.#untilClosed(keptBytes);
    const startMetadata = { ...kept?.metadata, ...bytesKept, ...downloaded };
    const code = { createClient, misplacedCall, WsProvider, cache, signing, stores };
    // Whether the client's description of the runtime came from this device rather than the node.
    const keptHere = downloaded === undefined && Object.keys(startMetadata).length > 0;
    return this.#startClient(code, provider, { startMetadata, bytesKept, keptHere });
  }

  /**
   * A client on `provider`, from the metadata at hand: ready, the node checked, its description
   * checked before anything is signed (and kept), the runtime followed.
   */
  async #startClient(
    code: ClientCode,
    provider: WsProvider,
    { startMetadata, bytesKept, keptHere }: ClientStart,
  ): Promise<RobonomicsClient> {
    const { cache, signing, stores } = code;
    const client = code.createClient(provider, startMetadata);
    this.#pending = client;
    await this.#clientReady(client, provider);
    const network = await this.#checkNode(client, provider, code.misplacedCall);
    // A client the connection has replaced (a new one fetches the node's description) is done.
    const replaced = () => this.#closed || this.#pending !== client;
    const remember = async () => {
      if (!stores) return;
      await cache.forgetLegacyCache(stores.summaries);
      await cache.rememberMetadata(
        stores,
        this.endpoint,
        {
          genesisHash: client.genesisHash,
          runtimeVersion: client.runtimeVersion,
          metadata: client.metadata,
        },
        startMetadata,
        bytesKept,
      );
    };
    const check = (keptOnDevice: boolean) =>
      scheduleSigningCheck({
        client,
        network,
        registry: signing,
        isClosed: replaced,
        onDecided: async (decided) => {
          this.signing = decided;
          this.#emit();
          await remember().catch(() => {});
        },
        dropKept:
          keptOnDevice && stores
            ? async () => {
                await cache.forgetMetadata(stores, this.endpoint);
                this.keptDescriptionDropped = true;
                this.#fetchFromNode(code, client);
              }
            : null,
        refuse: (refusal) => this.#refuse(refusal),
      });
    check(keptHere);
    // A runtime the build does not pin has nothing to be checked against: kept at once (the
    // next visit's first reads count on it); a pinned one once its description was checked.
    if (!pinnedRuntime(client.genesisHash, client.runtimeVersion.specVersion)) {
      await remember().catch(() => {});
    }
    // A runtime upgrade while the app is open: dedot has loaded the new metadata; keep it under
    // the new spec version and tell the listeners, whose views read the new constants.
    client.on('runtimeUpgraded', () => {
      if (replaced()) return;
      const moved = misplacedCallOf(network, client, code.misplacedCall);
      if (moved) {
        void this.#refuse(new NetworkRefusedError(moved));
        return;
      }
      this.specVersion = client.runtimeVersion.specVersion;
      this.signing = null;
      this.#emit();
      check(false);
    });
    this.specVersion = client.runtimeVersion.specVersion;
    return client;
  }

  /**
   * The runtime description kept on this device did not hold (it was dropped): the connection
   * stops using the client started from it and fetches the node's own for a new client, on a new
   * socket, as on a first visit. Once per connection: that description is the node's, and if it
   * fails too the node is refused (docs/security.md).
   */
  #fetchFromNode(code: ClientCode, replaced: RobonomicsClient) {
    if (this.#closed || this.#pending !== replaced) return;
    // The old socket's events are no longer the connection's: its close is not a drop.
    this.#provider = null;
    this.#pending = null;
    this.client = null;
    this.signing = null;
    this.socketOpen = false;
    this.socketDropped = false;
    this.state = 'connecting';
    this.error = null;
    this.#emit();
    this.#ready = this.#settle(
      (async () => {
        await this.#untilClosed(replaced.disconnect().catch(() => {}));
        const provider = this.#openProvider(code.WsProvider, this.#options);
        // The first reads again, with nothing kept: they download the node's description (one
        // round trip, which a lying node answers as it answers any page) and check the node.
        const { downloaded } = await this.#firstValuesOnClientSocket(
          provider,
          connectedOnce(provider),
          undefined,
        );
        return this.#startClient(code, provider, {
          startMetadata: downloaded ?? {},
          bytesKept: {},
          keptHere: false,
        });
      })(),
    );
  }

  /**
   * The first reads the page's first script started, when they are for this endpoint (else they
   * are closed). A drop of their socket before the client's own socket is open is the
   * connection's drop: the page may show their values already.
   */
  #adoptFirstReads(): FirstDataRead | undefined {
    const given = this.#options.firstData;
    const started = given?.endpoint === this.endpoint ? given : undefined;
    if (given && !started) given.close();
    this.#firstData = started;
    started?.onDrop(() => {
      if (this.#closed || this.#provider?.status === 'connected') return;
      this.socketDropped = true;
      this.state = 'connecting';
      this.error = null;
      this.#emit();
    });
    return started;
  }

  /** Takes the first reads' values as they come; their downloaded metadata once they are done. */
  async #firstValuesFrom(started: FirstDataRead): Promise<Record<string, Hex> | undefined> {
    const stop = started.watch(this.#takeFirstValues);
    let downloaded: Record<string, Hex> | undefined;
    try {
      downloaded = await this.#untilClosed(started.done);
    } finally {
      stop();
    }
    await this.#afterFirstValues();
    return downloaded;
  }

  /** No first reads from the page: the same reads on the client's socket as soon as it opens. */
  async #firstValuesOnClientSocket(
    provider: WsProvider,
    connected: Promise<void>,
    keptRuntime: Promise<KeptRuntime | undefined> | undefined,
  ): Promise<{ kept: KeptRuntime | undefined; downloaded: Record<string, Hex> | undefined }> {
    const [{ readFirstData }, kept] = await this.#untilClosed(
      Promise.all([import('./first-data/read.ts'), keptRuntime]),
    );
    await this.#untilClosed(connected);
    const downloaded = await this.#untilClosed(
      readFirstData({
        endpoint: this.endpoint,
        send: (method, params) => provider.send(method, params),
        kept,
        devnetEndpoints: this.#options.devnetEndpoints,
        onData: this.#takeFirstValues,
      }),
    );
    await this.#afterFirstValues();
    return { kept, downloaded };
  }

  readonly #takeFirstValues = (values: FirstData) => {
    if (this.#closed) return;
    this.network = values.network;
    this.firstValues = values;
    this.#emit();
  };

  /** Once the first values are out: a refused node stops here; else the client waits its turn. */
  async #afterFirstValues() {
    if (this.network?.kind === 'refused') throw new NetworkRefusedError(this.network.reason);
    await this.#untilClosed(this.#options.beforeClient?.(this.#clientNeeded) ?? Promise.resolve());
  }

  /**
   * Waits until the client is ready with its metadata. connect() rejects on the first failed
   * attempt although the provider keeps trying and the client becomes ready once the node answers
   * (a node started after the app, a phone back online); the provider's errors already show in
   * the state.
   */
  #clientReady(client: RobonomicsClient, provider: WsProvider): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
    }).finally(() => {
      this.#abandon = null;
    });
  }

  /**
   * The client's own socket may reach another node than the first reads did (a balancer, a node
   * that answers differently): it is checked before anything can be read or signed.
   */
  async #checkNode(
    client: RobonomicsClient,
    provider: WsProvider,
    misplacedCall: (metadata: RobonomicsClient['metadata']) => string | null,
  ): Promise<NetworkIdentity> {
    const properties = await this.#untilClosed(
      provider.send('system_properties', []).catch(() => null),
    );
    const network = identifyNetwork({
      endpoint: this.endpoint,
      genesisHash: client.genesisHash,
      properties,
      devnetEndpoints: this.#options.devnetEndpoints,
    });
    this.network = network;
    if (network.kind === 'refused') throw new NetworkRefusedError(network.reason);
    const misplaced = misplacedCallOf(network, client, misplacedCall);
    if (misplaced) throw new NetworkRefusedError(misplaced);
    return network;
  }

  /** Stops using a node the app refused: nothing more is read from it, and it is not retried. */
  async #refuse(error: NetworkRefusedError) {
    this.refused = true;
    this.network = { kind: 'refused', reason: error.message };
    await this.disconnect();
    this.client = null;
    this.#set('error', error.message);
  }

  /**
   * The client's socket, with the reconnect backoff in its endpoint selector; its events show in
   * the state. Opened once the client's code has loaded.
   */
  #openProvider(
    Provider: typeof WsProvider,
    { retryDelayMs = 1000, maxRetryDelayMs = 30_000 }: ChainConnectionOptions,
  ): WsProvider {
    const provider = new Provider({
      endpoint: async ({ attempt }) => {
        // Closed: dedot would retry a refusal at once, so never answer and let it rest.
        if (this.#closed) return new Promise<string>(() => {});
        if (attempt > 1) {
          await backoff(reconnectDelay(attempt - 1, retryDelayMs, maxRetryDelayMs));
        }
        return this.endpoint;
      },
      // dedot retries only with a positive delay; the real backoff is in the endpoint selector.
      retryDelayMs: 1,
      maxRetryAttempts: Number.MAX_SAFE_INTEGER,
      timeout: 30_000,
    });
    this.#provider = provider;
    // A socket the connection has replaced says nothing about the connection any more.
    const current = () => this.#provider === provider;
    provider.on('connected', () => {
      if (!current()) return;
      // Reads by key go on the client's socket from now on.
      this.#firstData?.close();
      this.#firstData = undefined;
      markFirstData('socket-open');
      this.#socket(true);
      this.#set(this.client ? 'connected' : 'connecting');
    });
    provider.on('reconnecting', () => {
      if (!current()) return;
      this.#socket(false);
      this.#set('connecting');
    });
    provider.on('disconnected', () => {
      if (!current()) return;
      this.#socket(false);
      this.#set(this.#closed ? 'disconnected' : 'connecting');
    });
    provider.on('error', (error?: unknown) => {
      if (!current()) return;
      // After a drop the app is reconnecting, which the state says already.
      if (!this.client && !this.socketDropped) this.#set('error', describeError(error));
    });
    return provider;
  }

  /** Resolves with the client once connected and the metadata is loaded. */
  ready(): Promise<RobonomicsClient> {
    return this.#ready;
  }

  /**
   * Sends one JSON-RPC request without waiting for the client and its metadata: for reads that
   * need none, such as storage by key (storage-reader.ts). It goes on the first reads' socket
   * while that is open, else on the client's socket once that is open; rejects when the
   * connection is closed first.
   */
  async request<T = unknown>(method: string, params: unknown[]): Promise<T> {
    for (;;) {
      if (this.#closed) throw new Error(CLOSED_EARLY);
      if (this.#provider?.status === 'connected') {
        return (await this.#provider.send(method, params)) as T;
      }
      const early = this.#firstData;
      if (early) {
        try {
          return (await early.send(method, params)) as T;
        } catch {
          // Its socket closed: the client's socket takes over.
          if (this.#firstData === early) this.#firstData = undefined;
          continue;
        }
      }
      // Nothing to send it on until the client's socket opens: the client is needed now.
      this.#needClient();
      await new Promise<void>((resolve) => {
        const off = this.onChange(() => {
          off();
          resolve();
        });
      });
    }
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

  /** Closes the connection for good (once: later calls wait for the same close). */
  disconnect(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  #closing: Promise<void> | null = null;

  async #close(): Promise<void> {
    this.#closed = true;
    this.#firstData?.close();
    try {
      this.#abandon?.(new Error(CLOSED_EARLY));
      const client = this.client ?? this.#pending;
      // Closing while the socket is down (a reconnect pending) is still a close; before the
      // client exists, the provider is closed itself.
      if (client) await client.disconnect().catch(() => {});
      else if (this.#provider && this.#provider.status !== 'disconnected') {
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

/**
 * Resolves once the provider's socket is open. connect() rejects on the first failed attempt
 * although the provider keeps trying.
 */
function connectedOnce(provider: WsProvider): Promise<void> {
  return provider
    .connect()
    .then(() => {})
    .catch(() => new Promise<void>((resolve) => provider.once('connected', () => resolve())));
}

/** Whether dedot has set up the client's metadata (its getters throw until then). */
function hasMetadata(client: RobonomicsClient): boolean {
  try {
    return client.registry !== undefined && client.metadata !== undefined;
  } catch {
    return false;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The node could not be reached.';
}
