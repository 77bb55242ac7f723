import {
  ChainConnection,
  type ConnectionState,
} from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { takeFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/handoff';
import type { SigningMetadata } from '@robonomics-dapp/robonomics/chain/metadata/signing-registry';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import {
  type NetworkIdentity,
  XRT,
} from '@robonomics-dapp/robonomics/chain/network/network-identity';
import {
  type StorageReader,
  storageReader,
} from '@robonomics-dapp/robonomics/chain/queries/storage-reader';
import { type FollowedOffer, followOffer } from '@robonomics-dapp/robonomics/rws/follow-offer';
import type { Offer } from '@robonomics-dapp/robonomics/rws/offer';
import { create } from 'zustand';
import { afterNextPaint } from '../shell/after-next-paint.ts';
import { appConfig, isDevnetEndpoint } from '../shell/config.ts';
import { DEV_WALLET, useWallet } from '../wallet/wallet-store.ts';
import { useEndpointStore } from './endpoint-store.ts';

interface ChainState {
  endpoint: string;
  state: ConnectionState;
  error: string | null;
  /** Set once connected and the metadata is loaded. */
  client: RobonomicsClient | null;
  /**
   * The subscription offer (RWS.MinimalBid and the open auctions), composed from what the
   * connection hands over (rws/follow-offer.ts): the first reads' values, then the client's
   * (docs/first-data.md). Empty until known.
   */
  offer: Offer;
  /** Whether the client's socket was open and dropped (before the client is ready too). */
  socketDropped: boolean;
  /** The runtime's spec version: views of chain constants read it to follow an upgrade. */
  specVersion: number | null;
  /**
   * Which network the node is (docs/security.md, "What a node may claim"); null until the node
   * answered. A refused node leaves the state 'error' with its reason.
   */
  network: NetworkIdentity | null;
  /**
   * How amounts are shown: XRT's 9 decimals on a known network, whatever the node says; on an
   * unknown network the chain's smallest unit, unscaled ("planck"), since nothing confirms the
   * decimals the node reports.
   */
  decimals: number;
  tokenSymbol: string;
  /** The node's chain is not one the app knows: amounts carry a mark saying so. */
  unknownNetwork: boolean;
  /**
   * What transactions commit to, once the node's description of the runtime was checked
   * (docs/security.md, "The metadata hash"); null until then.
   */
  signing: SigningMetadata | null;
}

/** The smallest unit of a chain's token, used for amounts of an unknown network. */
export const UNSCALED_UNIT = 'planck';

/** How amounts are shown on a network (see ChainState.decimals). */
export function amountsOn(network: NetworkIdentity | null) {
  if (network?.kind === 'unknown') {
    return { decimals: 0, tokenSymbol: UNSCALED_UNIT, unknownNetwork: true };
  }
  const token = network?.kind === 'known' ? network.token : XRT;
  return { decimals: token.decimals, tokenSymbol: token.symbol, unknownNetwork: false };
}

let connection: ChainConnection | null = null;
/** The offer composed from the current connection. */
let offer: FollowedOffer | null = null;

/** The state of a connection that has just started. */
const STARTING: Omit<ChainState, 'endpoint'> = {
  state: 'connecting',
  error: null,
  client: null,
  offer: {},
  socketDropped: false,
  specVersion: null,
  network: null,
  signing: null,
  ...amountsOn(null),
};

export const useChain = create<ChainState>(() => ({ endpoint: '', ...STARTING }));

/**
 * Connects to the endpoint (dropping any previous connection) and mirrors its state; the
 * connection itself fetches a runtime description again when the one kept on this device fails.
 */
function connect(endpoint: string) {
  const previous = connection;
  const previousOffer = offer;
  // The page's first script started the first reads on the usual endpoint (docs/first-data.md).
  connection = new ChainConnection(endpoint, {
    firstData: takeFirstData(),
    beforeClient: async (needed) => {
      await appCommitted.then(afterPaint);
      // A hold is a preference: a read that has nothing else to go on ends it.
      await Promise.race([Promise.all(clientHolds), needed]);
    },
    devnetEndpoints: appConfig.devnetEndpoints,
  });
  void previousOffer?.stop();
  void previous?.disconnect();
  const current = connection;
  // Composed first, so that the values a change of the connection brings are in the offer by
  // the time the mirror below runs.
  const currentOffer = followOffer(current, (next) => {
    if (connection === current) useChain.setState({ offer: next });
  });
  offer = currentOffer;
  useChain.setState({ endpoint, offer: currentOffer.current });
  const mirror = () => {
    if (connection !== current) return;
    useChain.setState({
      state: current.state,
      error: current.error,
      client: current.client,
      socketDropped: current.socketDropped,
      specVersion: current.specVersion,
      network: current.network,
      signing: current.signing,
      ...amountsOn(current.network),
    });
  };
  current.onChange(mirror);
  // The first reads the page's first script started may have brought the values already.
  mirror();
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

let committed: () => void = () => {};
/** Resolves once the app's first render is in the DOM (or after 1 s, whatever the page does). */
const appCommitted = new Promise<void>((resolve) => {
  committed = resolve;
  setTimeout(resolve, 1000);
});

/**
 * Called by the app's root once its first render is in the DOM (a layout effect, so before that
 * render is painted): the chain client, whose start is long work, waits until it has been painted.
 * Asking React to render is not enough: it renders in a later task, and a frame can come between.
 */
export function appFirstCommitted(): void {
  committed();
}

/**
 * Resolves once the frame being prepared has been painted, so the values it shows are on screen
 * before the client's start, long work, begins. A hidden page paints no frames: it resolves at
 * once, or as soon as the page is hidden.
 */
function afterPaint(): Promise<void> {
  if (
    typeof requestAnimationFrame !== 'function' ||
    typeof MessageChannel !== 'function' ||
    document.visibilityState === 'hidden'
  ) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') done();
    };
    document.addEventListener('visibilitychange', onHidden);
    afterNextPaint(done);
  });
}

/**
 * Resolves once the first reads have brought the dashboard's values, the connection failed, or
 * `timeoutMs` passed, whichever comes first.
 */
export function firstDataIn(timeoutMs: number): Promise<void> {
  const arrived = ({ offer, state }: ChainState) =>
    state === 'error' || (offer.minimalBid !== undefined && offer.auctionQueue !== undefined);
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

/** Starts following the chosen endpoint; called once by the entry (main.tsx), before the first render. */
export function startChain() {
  if (started) return;
  started = true;
  connect(useEndpointStore.getState().endpoint);
  useEndpointStore.subscribe((state, previous) => {
    if (state.endpoint === previous.endpoint) return;
    // Development keys must never follow the user to a real network.
    const wallet = useWallet.getState();
    if (wallet.wallet === DEV_WALLET && !isDevnetEndpoint(state.endpoint)) wallet.disconnect();
    connect(state.endpoint);
  });
}
