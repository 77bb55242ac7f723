/**
 * The setup file: the JSON file the app downloads for one setup, which Home Assistant's
 * Robonomics integration imports to configure itself and the app restores as a backup
 * (docs/home-assistant.md, "The setup file"). This folder is its only definition: `write.ts`
 * writes it, `restore.ts` reads it back into the app, `integration.ts` reads it as the
 * integration does. A change to the format starts here.
 */

/**
 * Every value is a string and an empty string means "not set"; `controller.private` is the
 * controller's polkadot-js keystore JSON, itself written as a string.
 */
export interface SetupFile {
  owner: string;
  name: string;
  network: string;
  controller: { address: string; private: string };
  datalog: { interval: string };
  ipfs: { url: string; port: string };
  pinata: { public: string; private: string };
  users: { address: string; label: string }[];
}

/**
 * The longest setup file read, in characters (and in bytes before a file is read at all): a
 * setup with its keystore and a hundred users is a few tens of KB.
 */
export const SETUP_FILE_MAX_LENGTH = 1_000_000;

/**
 * What the integration takes for a value left empty (or, for `network`, missing from its manual
 * step); the app offers the same interval.
 */
export const SETUP_FILE_DEFAULTS = {
  network: 'polkadot',
  intervalMinutes: 10,
  ipfsPort: 443,
} as const;

/** The parachains the integration knows; any other name makes it read Kusama's. */
export const INTEGRATION_NETWORKS = ['polkadot', 'kusama'] as const;
export type IntegrationNetwork = (typeof INTEGRATION_NETWORKS)[number];

/**
 * The network the devnet plays for Home Assistant: the app's devnet setups write it, and the
 * devnet's Home Assistant reads the devnet's chain for it.
 */
export const DEVNET_PLAYS: IntegrationNetwork = 'polkadot';

/** The network the integration reads for a file's `network` value. */
export function integrationNetworkOf(network: string): IntegrationNetwork {
  // Its validator maps polkadot and kusama to their endpoints; anything else gets no endpoint,
  // and robonomics-interface 1.6.3 (which it pins) then connects to Kusama.
  return network === 'polkadot' ? 'polkadot' : 'kusama';
}

/**
 * The network a setup file names for one of the app's networks (polkadot, kusama, local,
 * custom): the devnet (`local`) writes the network it plays, a custom endpoint's setup keeps
 * what it says.
 */
export function fileNetworkOf(appNetwork: string): string {
  return appNetwork === 'local' ? DEVNET_PLAYS : appNetwork;
}

/** Whether a file's network is the app's network (its name as the file writes it). */
export function fileFitsNetwork(fileNetwork: string, appNetwork: string): boolean {
  return fileNetwork === appNetwork || fileNetwork === fileNetworkOf(appNetwork);
}

/**
 * The downloaded file's name, "<host>-<Name_with_underscores>-<YYYY-MM-DD>.json" as the original
 * app named it (docs/product-rules.md, "Setup files"): users have such files on disk.
 */
export function setupFileName(host: string, name: string, date = new Date()): string {
  const safeName =
    (name || 'setup').replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '') || 'setup';
  return `${host}-${safeName}-${date.toISOString().slice(0, 10)}.json`;
}
