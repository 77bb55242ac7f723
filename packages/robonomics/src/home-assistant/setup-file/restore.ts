import { isValidAddress, toRobonomicsAddress } from '../../chain/model/address.ts';
import { fileFitsNetwork, SETUP_FILE_DEFAULTS, SETUP_FILE_MAX_LENGTH } from './format.ts';

/** A setup as a file restores it, in the shape the app keeps setups in. */
export interface RestoredSetup {
  owner: string;
  name: string;
  /** The app's network the file was restored on. */
  network: string;
  controller?: { address: string; keystore?: string };
  users?: { address: string; label: string }[];
  datalog?: { interval: number };
  ipfs?: { url: string; port: number };
}

export type RestoreResult = { ok: true; setups: RestoredSetup[] } | { ok: false; error: string };

/** Setups one file may hold. */
const MAX_SETUPS = 100;
const MAX_TEXT = 200;

function text(value: unknown, max = MAX_TEXT): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/**
 * Reads setup files back into the app (its "Upload a file with setup"): one setup or an array
 * of them, on the app's network `currentNetwork`. Hostile or broken files are refused with the
 * texts of docs/product-rules.md; nothing is restored unless every entry is valid.
 */
export function restoreSetups(content: string, currentNetwork: string): RestoreResult {
  if (content.length > SETUP_FILE_MAX_LENGTH) return { ok: false, error: 'Invalid input data' };
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return { ok: false, error: 'Invalid JSON format' };
  }
  const entries = Array.isArray(data) ? data : [data];
  if (entries.length === 0 || entries.length > MAX_SETUPS)
    return { ok: false, error: 'Invalid input data' };
  const setups: RestoredSetup[] = [];
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
    // Older files kept the controller as a plain address and its key as `controllerkey`.
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
        ? {
            ipfs: {
              url: ipfsUrl,
              port: Number.isInteger(ipfsPort) ? ipfsPort : SETUP_FILE_DEFAULTS.ipfsPort,
            },
          }
        : {}),
    });
  }
  return { ok: true, setups };
}
