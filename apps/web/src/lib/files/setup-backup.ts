import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import type { SavedSetup } from '../stores/saved-setups-format.ts';

/**
 * The network a setup file names for Home Assistant, which knows only `polkadot` and `kusama`:
 * the devnet stands in for the Polkadot parachain (its Home Assistant reads it as polkadot), and
 * a custom endpoint's setup keeps what it says.
 */
export function fileNetworkOf(network: string): string {
  return network === 'local' ? 'polkadot' : network;
}

/** Whether a file's network is the one the app is connected to (its name as the file writes it). */
export function fileFitsNetwork(fileNetwork: string, currentNetwork: string): boolean {
  return fileNetwork === currentNetwork || fileNetwork === fileNetworkOf(currentNetwork);
}

/**
 * The setup file Home Assistant's Robonomics integration imports (docs/home-assistant.md, The setup file): every
 * value is a string, an empty string means "not set", the controller key is the polkadot-js
 * keystore JSON as a string.
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

export interface BackupOptions {
  name: boolean;
  owner: boolean;
  controllerAddress: boolean;
  userNames: boolean;
  /** The controller keystore (password-encrypted); only when the user ticks it. */
  controllerKey: boolean;
  interval: string;
  ipfsGateway: string;
}

/**
 * Builds the backup of a setup, honouring every option (docs/product-rules.md, "Setup backups"):
 * what the user left out is not in the file.
 */
export function buildBackup(setup: SavedSetup, options: BackupOptions): SetupFile {
  let ipfs = { url: '', port: '' };
  if (options.ipfsGateway.trim()) {
    const url = new URL(
      options.ipfsGateway.includes('://')
        ? options.ipfsGateway.trim()
        : `https://${options.ipfsGateway.trim()}`,
    );
    ipfs = { url: url.hostname, port: url.port || (url.protocol === 'http:' ? '80' : '443') };
  }
  return {
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
}

/** "<host>-<Name_with_underscores>-<YYYY-MM-DD>.json" (docs/product-rules.md, "Setup backups"). */
export function backupFileName(host: string, name: string, date = new Date()): string {
  const safeName =
    (name || 'setup').replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '') || 'setup';
  return `${host}-${safeName}-${date.toISOString().slice(0, 10)}.json`;
}

export type ImportResult = { ok: true; setups: SavedSetup[] } | { ok: false; error: string };

const MAX_FILE_BYTES = 1_000_000;
const MAX_TEXT = 200;

function text(value: unknown, max = MAX_TEXT): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/**
 * Reads a backup file: one setup or an array of them. Hostile or broken files are refused with
 * the texts of docs/product-rules.md; nothing is saved unless every entry is valid.
 */
export function parseBackup(content: string, currentNetwork: string): ImportResult {
  if (content.length > MAX_FILE_BYTES) return { ok: false, error: 'Invalid input data' };
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return { ok: false, error: 'Invalid JSON format' };
  }
  const entries = Array.isArray(data) ? data : [data];
  if (entries.length === 0 || entries.length > 100)
    return { ok: false, error: 'Invalid input data' };
  const setups: SavedSetup[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return { ok: false, error: 'Invalid input data' };
    const e = entry as Record<string, unknown>;
    const owner = text(e.owner);
    if (!isValidAddress(owner)) return { ok: false, error: 'Invalid input data' };
    const written = text(e.network);
    const network = currentNetwork;
    if (written && !fileFitsNetwork(written, currentNetwork)) {
      return {
        ok: false,
        error: `Network mismatch! Imported setup is for '${written}', but the current network is '${currentNetwork}'. Please switch networks and try again.`,
      };
    }
    // Older backups kept the controller as a plain address and its key as `controllerkey`.
    const rawController = e.controller;
    const controllerAddress =
      typeof rawController === 'string'
        ? text(rawController)
        : text((rawController as Record<string, unknown> | null)?.address);
    const rawKey =
      typeof rawController === 'object' && rawController !== null
        ? (rawController as Record<string, unknown>).private
        : e.controllerkey;
    const keystore =
      typeof rawKey === 'string'
        ? rawKey.slice(0, 20_000)
        : rawKey && typeof rawKey === 'object'
          ? JSON.stringify(rawKey).slice(0, 20_000)
          : '';
    if (controllerAddress && !isValidAddress(controllerAddress))
      return { ok: false, error: 'Invalid input data' };
    const users = Array.isArray(e.users)
      ? e.users.flatMap((u) => {
          const address = text((u as Record<string, unknown> | null)?.address);
          return isValidAddress(address)
            ? [
                {
                  address: toRobonomicsAddress(address),
                  label: text((u as Record<string, unknown>).label, 100),
                },
              ]
            : [];
        })
      : [];
    const interval = Number.parseInt(
      text((e.datalog as Record<string, unknown> | null)?.interval),
      10,
    );
    const ipfsUrl = text((e.ipfs as Record<string, unknown> | null)?.url);
    const ipfsPort = Number.parseInt(text((e.ipfs as Record<string, unknown> | null)?.port), 10);
    setups.push({
      owner: toRobonomicsAddress(owner),
      name: text(e.name, 100) || 'Imported setup',
      network,
      ...(controllerAddress
        ? {
            controller: {
              address: toRobonomicsAddress(controllerAddress),
              ...(keystore ? { keystore } : {}),
            },
          }
        : {}),
      ...(users.length ? { users } : {}),
      ...(Number.isInteger(interval) && interval > 0 ? { datalog: { interval } } : {}),
      ...(ipfsUrl
        ? { ipfs: { url: ipfsUrl, port: Number.isInteger(ipfsPort) ? ipfsPort : 443 } }
        : {}),
    });
  }
  return { ok: true, setups };
}
