import {
  DEFAULT_PARACHAIN_ENDPOINT,
  LOCAL_DEVNET_ENDPOINT,
  type NetworkName,
  networkOfEndpoint,
} from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { CRUST_DEVNET, CRUST_MAINNET } from '@robonomics-dapp/robonomics/crust/endpoints';
import { devnetRelayAddress, PRODUCTION_RELAY } from '@robonomics-dapp/robonomics/p2p/relays';

/** Where the app's services are, per build profile (docs/architecture.md, "Services and endpoints"). */
export interface AppConfig {
  profile: 'devnet' | 'production';
  /** Chain endpoint used when neither `?rpc=` nor a saved choice exists. */
  defaultEndpoint: string;
  /**
   * The build's own devnet endpoints: its chain is known by its address on this machine, since
   * its genesis changes with every fresh start (docs/security.md). None in production.
   */
  devnetEndpoints: readonly string[];
  /**
   * The origins the app is hosted on: only there are keys kept in the browser (docs/security.md,
   * "Where keys are kept"). `VITE_APP_ORIGINS` (comma-separated) replaces the list at build time.
   */
  appOrigins: readonly string[];
  /** The "latest release" API the footer reads. */
  releasesUrl: string;
  /** Where the legacy /v0 routes send the browser. */
  legacyAppUrl: string;
  /** The Season Pass NFT contract on Sepolia (11155111). */
  seasonPassAddress: `0x${string}`;
  /**
   * The built-in IPFS gateways that content (home config and telemetry, NFT metadata and
   * images, twin files) is read from, ranked by speed at run time (docs/ipfs-gateways.md).
   */
  ipfsGateways: readonly string[];
  /** The kubo RPC API with web3 auth where launch commands are uploaded. */
  ipfsApi: string;
  /** The Crust storage chain where files are ordered. */
  crustEndpoint: string;
  /** The free-minimum NFT oracle. */
  nftOracleUrl: string;
  /**
   * libp2p circuit relays homes are reached through: after the addresses in a home's config,
   * the app dials `<relay>/p2p-circuit/p2p/<home peer id>` on each.
   */
  relays: string[];
  /**
   * Where the owner adds the Robonomics integration to their Home Assistant: My Home Assistant's
   * link (it opens the user's own instance) in production, the devnet's Home Assistant locally.
   */
  homeAssistantSetupUrl: string;
  /**
   * Nodes asked for a second opinion before a known network's public ones (none in either
   * profile; `VITE_SECOND_OPINION_NODES`, comma-separated, sets them at build time: the e2e build
   * points it at the devnet, to stand in for the public nodes offline).
   */
  secondOpinionNodes: readonly string[];
  /**
   * The build's devnet's own second nodes (none in production): the devnet under both of its
   * loopback names, so that decisions on the devnet take the path they take on Kusama. It is one
   * process, so there the check can show the path but catch nothing (docs/security.md).
   */
  devnetSecondNodes: readonly string[];
}

const productionConfig: AppConfig = {
  profile: 'production',
  defaultEndpoint: DEFAULT_PARACHAIN_ENDPOINT,
  devnetEndpoints: [],
  appOrigins: ['https://dapp.robonomics.network'],
  releasesUrl: 'https://api.github.com/repos/airalab/robonomics.app/releases/latest',
  legacyAppUrl: 'https://v0.dapp.robonomics.network/',
  seasonPassAddress: '0x0c0C092f372c3Cb49D116A14fA7dcc40e84275aa',
  // The public gateways Robonomics homes publish through (docs/ipfs-gateways.md); read as bare origins.
  ipfsGateways: [
    'https://ipfs.url.today/ipfs/',
    'https://ipfs.io/ipfs/',
    'https://gateway.pinata.cloud/ipfs/',
  ],
  ipfsApi: 'https://ipfs.url.today',
  crustEndpoint: CRUST_MAINNET,
  nftOracleUrl: 'https://nft-oracle.robonomics.network',
  relays: [PRODUCTION_RELAY],
  homeAssistantSetupUrl:
    'https://my.home-assistant.io/redirect/config_flow_start/?domain=robonomics',
  secondOpinionNodes: (import.meta.env.VITE_SECOND_OPINION_NODES ?? '')
    .split(',')
    .map((node: string) => node.trim())
    .filter(Boolean),
  devnetSecondNodes: [],
};

const devnetConfig: AppConfig = {
  ...productionConfig,
  profile: 'devnet',
  defaultEndpoint: LOCAL_DEVNET_ENDPOINT,
  devnetEndpoints: [LOCAL_DEVNET_ENDPOINT, 'ws://localhost:9944'],
  devnetSecondNodes: ['ws://localhost:9944', LOCAL_DEVNET_ENDPOINT],
  // The devnet build served by `npm start` (and the Vite dev server, on the same port).
  appOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
  releasesUrl: 'http://127.0.0.1:8788/repos/airalab/robonomics.app/releases/latest',
  // The devnet deploys the contract as the first transaction of its first dev account, so its
  // address is fixed.
  seasonPassAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  // The API's own host, the gateway, and the slow (800 ms) and failing (HTTP 502) gateways the
  // local stack starts with --gateways.
  ipfsGateways: [
    'http://127.0.0.1:5001',
    'http://127.0.0.1:8080',
    'http://127.0.0.1:8081',
    'http://127.0.0.1:8082',
  ],
  ipfsApi: 'http://127.0.0.1:5001',
  crustEndpoint: CRUST_DEVNET,
  nftOracleUrl: 'http://127.0.0.1:8787',
  relays: [devnetRelayAddress()],
  homeAssistantSetupUrl:
    'http://127.0.0.1:8123/config/integrations/dashboard/add?domain=robonomics',
};

const profileConfig = import.meta.env.VITE_PROFILE === 'devnet' ? devnetConfig : productionConfig;
const builtOrigins = import.meta.env.VITE_APP_ORIGINS;

export const appConfig: AppConfig = builtOrigins
  ? {
      ...profileConfig,
      appOrigins: builtOrigins
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    }
  : profileConfig;

/**
 * Whether an endpoint is this build's own devnet: only there is it labelled "Local devnet" and
 * are the development keys offered (production builds have none; any other address on this
 * machine is a custom node like any other: docs/security.md).
 */
export function isDevnetEndpoint(endpoint: string): boolean {
  const normalized = endpoint.trim().replace(/\/+$/, '').toLowerCase();
  return appConfig.devnetEndpoints.some((e) => e.replace(/\/+$/, '').toLowerCase() === normalized);
}

/** The network an endpoint is shown as: the local devnet only for this build's own. */
export function shownNetworkOf(endpoint: string): NetworkName {
  const network = networkOfEndpoint(endpoint);
  return network === 'local' && !isDevnetEndpoint(endpoint) ? 'custom' : network;
}
