import { fileNetworkOf, type SetupFile } from './format.ts';

/** The setup a file is written from, as the app keeps it. */
export interface SetupFileSource {
  owner: string;
  name: string;
  /** The app's network name: polkadot, kusama, local or custom. */
  network: string;
  controller?: { address: string; keystore?: string };
  users?: { address: string; label: string }[];
}

/** What the user chose to put in the file. */
export interface SetupFileOptions {
  name: boolean;
  owner: boolean;
  controllerAddress: boolean;
  userNames: boolean;
  /** The controller keystore (password-encrypted); only when the user ticks it. */
  controllerKey: boolean;
  /** Minutes between records, as typed ('' leaves the integration's default). */
  interval: string;
  /** `host`, `host:port` or a URL; '' for none. Throws when it is not an address. */
  ipfsGateway: string;
}

/**
 * The setup file's text for a setup, honouring every option (docs/product-rules.md, "Setup
 * files"): what the user left out is not in the file.
 */
export function writeSetupFile(setup: SetupFileSource, options: SetupFileOptions): string {
  let ipfs = { url: '', port: '' };
  if (options.ipfsGateway.trim()) {
    const url = new URL(
      options.ipfsGateway.includes('://')
        ? options.ipfsGateway.trim()
        : `https://${options.ipfsGateway.trim()}`,
    );
    ipfs = { url: url.hostname, port: url.port || (url.protocol === 'http:' ? '80' : '443') };
  }
  const file: SetupFile = {
    owner: options.owner ? setup.owner : '',
    name: options.name ? setup.name : '',
    network: fileNetworkOf(setup.network),
    controller: {
      address: options.controllerAddress ? (setup.controller?.address ?? '') : '',
      private: options.controllerKey ? (setup.controller?.keystore ?? '') : '',
    },
    datalog: { interval: options.interval.trim() },
    ipfs,
    pinata: { public: '', private: '' },
    users: options.userNames ? (setup.users ?? []).filter((u) => u.label.trim() !== '') : [],
  };
  return JSON.stringify(file, null, 2);
}
