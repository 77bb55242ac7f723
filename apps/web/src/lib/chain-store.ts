import {
  ChainConnection,
  type ConnectionState,
  type RobonomicsClient,
} from '@robonomics-dapp/robonomics/chain/client';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import type { FirstData } from '@robonomics-dapp/robonomics/chain/first-data';
import { tokenProperties } from '@robonomics-dapp/robonomics/chain/first-data-decoders';
import {
  type StorageReader,
  storageReader,
} from '@robonomics-dapp/robonomics/chain/storage-reader';
import { create } from 'zustand';
import { takeEarlySocket } from '../boot/early-socket-handoff.ts';
import { useEndpointStore } from './endpoint-store.ts';
import { DEV_WALLET, useWallet } from './wallet/wallet-store.ts';

interface ChainState {
  endpoint: string;
  state: ConnectionState;
  error: string | null;
  /** Set once connected and the metadata is loaded. */
  client: RobonomicsClient | null;
  /**
   * The dashboard's first values, read as the socket opens, before the client is ready
   * (docs/first-data.md); null until the node answered.
   */
  firstData: FirstData | null;
  /** Whether the client's socket was open and dropped (before the client is ready too). */
  socketDropped: boolean;
  /** The runtime's spec version: views of chain constants read it to follow an upgrade. */
  specVersion: number | null;
  /** Chain token decimals from the node (XRT: 9). */
  decimals: number;
  tokenSymbol: string;
}

let connection: ChainConnection | null = null;

/** The state of a connection that has just started. */
const STARTING: Omit<ChainState, 'endpoint'> = {
  state: 'connecting',
  error: null,
  client: null,
  firstData: null,
  socketDropped: false,
  specVersion: null,
  decimals: 9,
  tokenSymbol: 'XRT',
};

export const useChain = create<ChainState>(() => ({ endpoint: '', ...STARTING }));

/** Connects to the endpoint (dropping any previous connection) and mirrors its state. */
function connect(endpoint: string) {
  const previous = connection;
  // The page's first script opened a socket to the usual endpoint (docs/first-data.md).
  connection = new ChainConnection(endpoint, {
    early: takeEarlySocket(),
    beforeClient: async () => {
      await appRendered.then(afterPaint);
      await Promise.all(clientHolds);
    },
  });
  void previous?.disconnect();
  const current = connection;
  useChain.setState({ endpoint, ...STARTING });
  current.onChange(() => {
    if (connection !== current) return;
    const first = current.firstData;
    useChain.setState({
      state: current.state,
      error: current.error,
      client: current.client,
      firstData: first,
      socketDropped: current.socketDropped,
      ...first?.token,
      specVersion: current.specVersion,
    });
  });
  current.ready().then(
    async (client) => {
      // The first reads brought the token's properties; ask only when they did not.
      if (current.firstData?.token) return;
      const properties = await client.chainSpec.properties().catch(() => null);
      if (connection !== current) return;
      useChain.setState(tokenProperties(properties));
    },
    () => {},
  );
}

/** What the client's start waits for besides the first paint (holdChainClient). */
const clientHolds: Promise<unknown>[] = [];

/**
 * Makes the chain client's start (its module and the metadata decoding, long work on the main
 * thread) wait until `until` settles, at most `maxMs`: for a page whose first paint needs no
 * client, such as a home kept on this device. Only a hold asked before the client starts counts.
 */
export function holdChainClient(until: Promise<unknown>, maxMs: number): void {
  clientHolds.push(
    Promise.race([until, new Promise((resolve) => setTimeout(resolve, maxMs))]).catch(() => {}),
  );
}

let rendering: () => void = () => {};
/** Resolves once the app's first render is under way (or after 1 s, whatever the page does). */
const appRendered = new Promise<void>((resolve) => {
  rendering = resolve;
  setTimeout(resolve, 1000);
});

/**
 * Called by the entry module once it has asked React for the first render: the chain client,
 * whose start is long work, waits until that render has been painted.
 */
export function appRenderStarted(): void {
  rendering();
}

/**
 * Resolves once the frame after the current one has begun, so the values already on their way
 * are painted first (at most 200 ms: hidden tabs paint no frames). The client's metadata decoding
 * is long work that should not hold back the first values' paint.
 */
function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}

/**
 * Resolves once the first reads have brought the dashboard's values, the connection failed, or
 * `timeoutMs` passed, whichever comes first.
 */
export function firstDataIn(timeoutMs: number): Promise<void> {
  const arrived = ({ firstData, state }: ChainState) =>
    state === 'error' ||
    (firstData?.minimalBid !== undefined &&
      firstData.auctionQueue !== undefined &&
      firstData.token !== undefined);
  return new Promise((resolve) => {
    if (arrived(useChain.getState())) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useChain.subscribe((state) => {
      if (arrived(state)) done();
    });
  });
}

/**
 * Reads storage by key on the current connection as soon as its socket is open, before the
 * client and its metadata are ready (reads that need no metadata, e.g. a datalog's last record).
 * Waits while there is no connection yet; rejects when the endpoint changes first.
 */
export const readStorage: StorageReader = (key) => {
  const current = connection;
  if (!current) return Promise.reject(new Error('The chain is not started.'));
  return storageReader((method, params) => current.request(method, params))(key);
};

let started = false;

/** Starts following the chosen endpoint; called once by the app root. */
export function startChain() {
  if (started) return;
  started = true;
  connect(useEndpointStore.getState().endpoint);
  useEndpointStore.subscribe((state, previous) => {
    if (state.endpoint === previous.endpoint) return;
    // Development keys must never follow the user to a real network.
    const wallet = useWallet.getState();
    if (wallet.wallet === DEV_WALLET && networkOfEndpoint(state.endpoint) !== 'local')
      wallet.disconnect();
    connect(state.endpoint);
  });
}
