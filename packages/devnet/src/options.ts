import type { ExtraGatewaySpec } from './ipfs/extra-gateways.ts';

/**
 * Which chain engine serves the Robonomics parachain: the devnet's own (pallet rules written in
 * TypeScript, spec-43 metadata, fast) or the production runtime itself (spec 40, executed by
 * Chopsticks). See docs/real-runtime.md.
 */
export type ChainEngine = 'typescript' | 'runtime';
export const chainEngines: readonly ChainEngine[] = ['typescript', 'runtime'];

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
   * The controller also listens directly on its port; by default it is reachable only through
   * the relay, as a home behind NAT is.
   */
  controllerDirect?: boolean;
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
  controller: number;
  /** The libp2p circuit relay (websockets). */
  relay: number;
  /** Home Assistant's own HTTP API of the controller (login flow). */
  homeAssistant: number;
}

/**
 * While this file exists in the data dir, the devnet's controller is stopped (docs/devnet.md,
 * "Stopping the home").
 */
export const CONTROLLER_OFF_FILE = 'controller.off';

export const defaultPorts: ServicePorts = {
  chain: 9944,
  crust: 9945,
  ipfsApi: 5001,
  ipfsGateway: 8080,
  evm: 8545,
  oracle: 8787,
  releases: 8788,
  controller: 9999,
  relay: 9998,
  homeAssistant: 8123,
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
