/**
 * The home's libp2p proxy: the devnet's own, in the generation Home Assistant homes run
 * (`legacy`: mplex, raw JSON; the default) or the newer style (`current`: yamux,
 * length-prefixed JSON), or any proxy already running at a WebSocket address (`external`), which
 * the home's Home Assistant then uses instead (see docs/libp2p.md).
 */
export type ProxyChoice =
  | { kind: 'legacy' }
  | { kind: 'current' }
  | { kind: 'external'; url: string };

/**
 * Which chain engine serves the Robonomics parachain: the devnet's own (pallet rules written in
 * TypeScript, spec-43 metadata, fast) or the production runtime itself (spec 40, executed by
 * Chopsticks). See docs/real-runtime.md.
 */
export type ChainEngine = 'typescript' | 'runtime';
export const chainEngines: readonly ChainEngine[] = ['typescript', 'runtime'];

/**
 * An extra gateway over the node's block store that behaves as public gateways do on a bad day
 * (see docs/ipfs-gateways.md): slower, answering an error status, answering a web page instead
 * of the file, or never answering. `ipfs/extra-gateways.ts` parses `--gateways` and serves them.
 */
export interface ExtraGatewaySpec {
  /** 0 picks a free port. */
  port: number;
  /** Added before every answer. */
  delayMs?: number;
  /** Every request is answered with this status (400–599) and an error page. */
  status?: number;
  /** Every request is answered 200 with a web page (a rate-limit or captive page). */
  html?: boolean;
  /** Requests are accepted and never answered (until HANG_LIMIT_MS). */
  hang?: boolean;
  /**
   * Every CID is answered with another file's genuine content (an older file, as a gateway
   * serving a stale envelope would): in every format, the CAR of that file included.
   */
  lie?: boolean;
}

/** Everything a devnet service may need to know to start. */
export interface DevnetOptions {
  /** The parachain's engine (default typescript). */
  engine?: ChainEngine;
  /** Folder that keeps every service's data between runs. */
  dataDir: string;
  /** Start every service from its genesis / empty state. */
  reset: boolean;
  /** Block interval of the chain in milliseconds. */
  blockTimeMs: number;
  /** Seal a block as soon as a transaction arrives (tests). */
  instant: boolean;
  /** Override of the RWS AuctionDuration constant (blocks). */
  auctionDuration?: number;
  /** Write the demo scenario into a fresh genesis (npm start). */
  seed?: boolean;
  /**
   * The home's proxy also listens directly on its libp2p port; by default it is reachable only
   * through the relay, as a home behind NAT is.
   */
  controllerDirect?: boolean;
  /** The home's libp2p proxy (default: the devnet's own, legacy generation). */
  proxy?: ProxyChoice;
  /** The metadata the Crust chain serves: V13 like Crust mainnet (default), or V14. */
  crustMetadata?: 'v13' | 'v14';
  host: string;
  ports: ServicePorts;
  /** Extra IPFS gateways over the same files, slow or failing as public ones can be. */
  gateways?: ExtraGatewaySpec[];
  /**
   * Web page origins that may use the devnet's services (requests without an Origin header, from
   * tools and tests, always may). Default: the app's, http://127.0.0.1:5173 and
   * http://localhost:5173.
   */
  allowedOrigins?: readonly string[];
}

export interface ServicePorts {
  chain: number;
  crust: number;
  ipfsApi: number;
  ipfsGateway: number;
  evm: number;
  oracle: number;
  releases: number;
  /** The home proxy's own libp2p listener (only with controllerDirect). */
  controller: number;
  /** The home proxy's WebSocket for Home Assistant. */
  proxy: number;
  /** The libp2p circuit relay (websockets). */
  relay: number;
  /** Home Assistant's own HTTP API of the controller (login flow). */
  homeAssistant: number;
  /** The devnet's levers for tools and tests (docs/devnet.md). */
  control: number;
}

export const defaultPorts: ServicePorts = {
  chain: 9944,
  crust: 9945,
  ipfsApi: 5001,
  ipfsGateway: 8080,
  evm: 8545,
  oracle: 8787,
  releases: 8788,
  controller: 9999,
  proxy: 8888,
  relay: 9998,
  homeAssistant: 8123,
  control: 8899,
};

/** A started service: where it answers and how to stop it. */
export interface ServiceHandle {
  name: string;
  url: string;
  /** More addresses the devnet prints after the ready line. */
  notes?: string[];
  stop(): Promise<void>;
}

/** Handles of the services already started, so later services can reach earlier ones. */
export type RunningServices = Map<string, ServiceHandle>;
