import { encodeAddress } from '@dedot/utils';
import { isRobonomicsAddress, isValidAddress } from '../../chain/model/address.ts';
import { includesAddress } from '../../chain/model/same-account.ts';
import { ROBONOMICS_SS58 } from '../../chain/model/ss58.ts';
import { type KeyPair, miniSecretFromMnemonic, pairFromSeed } from '../../crypto/keys.ts';
import { decodeKeystore, KeystoreError } from '../../crypto/keystore.ts';
import {
  type IntegrationNetwork,
  integrationNetworkOf,
  SETUP_FILE_DEFAULTS,
  SETUP_FILE_MAX_LENGTH,
} from './format.ts';

/**
 * What Home Assistant's Robonomics integration (2.2.1) does with the setup file it imports and
 * the fields of its manual step, step by step, with its own error keys and texts
 * (docs/home-assistant.md, "Adding a home"). The app runs these rules before it offers a file; the
 * devnet's Home Assistant runs them when a file is imported. The file itself is `format.ts`.
 */

/** The integration's error keys (its config flow's `errors["base"]`). */
export type SetupErrorKey =
  | 'wrong_password'
  | 'invalid_sub_admin_seed'
  | 'invalid_sub_owner_address'
  | 'has_no_subscription'
  | 'is_not_in_devices'
  | 'wrong_config_format'
  | 'file_not_found'
  | 'unknown';

/** The integration's own texts for its error keys (translations/en.json), word for word. */
export const SETUP_ERROR_TEXT: Record<SetupErrorKey, string> = {
  unknown: 'Unexpected error',
  invalid_sub_admin_seed: 'Invalid controller seed',
  invalid_sub_owner_address: 'Invalid subscription owner address',
  has_no_subscription:
    'Subscription owner address has no subscription (check that you have selected the correct parachain)',
  is_not_in_devices: 'Controller address is not in subscription devices',
  wrong_password: "Can't decrypt setting with given password",
  file_not_found: 'File not found. Upload it again',
  wrong_config_format: 'Config file is in wrong format',
};

/** The integration's abort when it is set up already in that Home Assistant. */
export const ALREADY_CONFIGURED_TEXT = 'Robonomics is already configured';

/** What the integration keeps from a file or its manual step. */
export interface IntegrationSettings {
  /** The controller's seed as the integration stores it: `0x` and hex. */
  seed?: string;
  /** The key type the keystore named. */
  controllerType?: string;
  owner?: unknown;
  /** As written in the file (empty gives polkadot). */
  network?: string;
  intervalMinutes?: number;
  pinata?: { public: string; private: string };
  ipfs?: { url?: string; port: unknown };
}

export type SetupFailure = { ok: false; key: SetupErrorKey; reason: string };

export type FileReading =
  /** The file has the controller's key, the owner and the network: validation comes next. */
  | { ok: true; next: 'validate'; settings: IntegrationSettings }
  /** Something is missing: the integration asks for the key, the owner and the network by hand. */
  | { ok: true; next: 'manual'; settings: IntegrationSettings; missing: string }
  | SetupFailure;

const fail = (key: SetupErrorKey, reason: string): SetupFailure => ({ ok: false, key, reason });

/** Python's truthiness, for the values a JSON file can hold. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '')
    return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Python's `x[key]` on a JSON value: a missing key or a non-object raises. */
class Missing extends Error {}
function item(value: unknown, key: string): unknown {
  if (typeof value === 'string' && /^\d+$/.test(key)) throw new Missing(key);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !(key in value)) {
    throw new Missing(key);
  }
  return (value as Record<string, unknown>)[key];
}

/** Python's `int(x)` for a JSON value: digits with optional sign and spaces, or a number. */
function pythonInt(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) {
    return Number.parseInt(value.replace(/_/g, ''), 10);
  }
  throw new Error(`invalid literal for int(): ${JSON.stringify(value)}`);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Decrypted = { ok: true; seed: string; type: string } | SetupFailure;

/**
 * The keystore as substrate-interface opens it: a wrong password is the integration's
 * `wrong_password`; anything else that goes wrong while opening it is `unknown`.
 */
function decryptController(keystore: unknown, password: string): Decrypted {
  let json = keystore;
  if (typeof keystore === 'string') {
    try {
      json = JSON.parse(keystore);
    } catch {
      return fail('unknown', 'The controller key in the file is not a keystore (not JSON).');
    }
  }
  let pair: KeyPair;
  try {
    pair = decodeKeystore(json, password);
  } catch (error) {
    if (error instanceof KeystoreError && /Wrong password/.test(error.message)) {
      return fail(
        'wrong_password',
        'The password does not open the controller key in this file: use the password you set when the controller was created.',
      );
    }
    const type = (json as { encoding?: { content?: unknown[] } } | null)?.encoding?.content?.[1];
    if (typeof type === 'string' && type !== 'ed25519' && type !== 'sr25519') {
      return fail(
        'unknown',
        `The controller key is a ${type} key; Home Assistant's controller must be an ed25519 key.`,
      );
    }
    return fail('unknown', `The controller key cannot be opened: ${(error as Error).message}`);
  }
  // substrate-interface keeps the first 32 bytes of an ed25519 secret (the seed) and the whole
  // 64-byte secret of an sr25519 key.
  const secret = pair.type === 'ed25519' ? pair.secretKey.slice(0, 32) : pair.secretKey;
  return { ok: true, seed: `0x${hex(secret)}`, type: pair.type };
}

/**
 * Reads a setup file as the integration's file parser does (config_flow_helpers/file_parser.py):
 * which error key it raises, or what it keeps and whether its manual step follows.
 */
export function readSetupFile(content: string | Uint8Array, password: string): FileReading {
  let text: string;
  try {
    text =
      typeof content === 'string'
        ? content
        : new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return fail('unknown', 'The file is not UTF-8 text.');
  }
  if (text.length > SETUP_FILE_MAX_LENGTH) {
    return fail('unknown', `The file is larger than ${SETUP_FILE_MAX_LENGTH / 1_000_000} MB.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('wrong_config_format', 'The file is not JSON.');
  }
  if (!truthy(data)) return fail('wrong_config_format', 'The file is empty.');
  if (typeof data !== 'object' || Array.isArray(data)) {
    return fail('unknown', 'The file holds no setup: a setup file is one JSON object.');
  }
  const file = data as Record<string, unknown>;
  const settings: IntegrationSettings = {};
  try {
    if ('controller' in file && 'owner' in file) {
      if (typeof file.controller === 'string') {
        return fail(
          'unknown',
          'The file is in an older format that names the controller by its address only; download the setup file again.',
        );
      }
      const keystore = item(item(file, 'controller'), 'private');
      if (truthy(keystore)) {
        const opened = decryptController(keystore, password);
        if (!opened.ok) return opened;
        settings.seed = opened.seed;
        settings.controllerType = opened.type;
      }
      settings.owner = file.owner;
    } else if ('encoded' in file) {
      // A bare keystore: only the key, the rest is asked for by hand.
      const opened = decryptController(file, password);
      if (!opened.ok) return opened;
      return {
        ok: true,
        next: 'manual',
        settings: { seed: opened.seed, controllerType: opened.type },
        missing: 'the owner and the network',
      };
    }
    const pinata = item(file, 'pinata');
    const pinataPublic = item(pinata, 'public');
    if (truthy(pinataPublic) && truthy(item(pinata, 'private'))) {
      settings.pinata = { public: String(pinataPublic), private: String(item(pinata, 'private')) };
    }
    const ipfs = item(file, 'ipfs');
    const ipfsUrl = item(ipfs, 'url');
    const ipfsPort = item(ipfs, 'port');
    settings.ipfs = {
      ...(truthy(ipfsUrl) ? { url: String(ipfsUrl) } : {}),
      port: truthy(ipfsPort) ? ipfsPort : SETUP_FILE_DEFAULTS.ipfsPort,
    };
    const interval = item(item(file, 'datalog'), 'interval');
    try {
      settings.intervalMinutes = truthy(interval)
        ? pythonInt(interval)
        : SETUP_FILE_DEFAULTS.intervalMinutes;
    } catch {
      return fail(
        'unknown',
        `The sending interval ${JSON.stringify(interval)} is not a whole number of minutes.`,
      );
    }
    const network = item(file, 'network');
    settings.network = truthy(network) ? String(network) : SETUP_FILE_DEFAULTS.network;
  } catch (error) {
    if (error instanceof Missing) {
      return fail(
        'unknown',
        `The file has no "${error.message}" field, which Home Assistant reads.`,
      );
    }
    throw error;
  }
  if (settings.seed === undefined || settings.owner === undefined) {
    return {
      ok: true,
      next: 'manual',
      settings,
      missing:
        settings.seed === undefined
          ? "the controller's key (the file has none)"
          : 'the owner (the file has none)',
    };
  }
  return { ok: true, next: 'validate', settings };
}

/**
 * The seed field of the manual step as the integration reads it: `0x…` as it is, words as a
 * mnemonic of an ed25519 key, anything else as hex without its `0x`.
 */
export function seedFromManualEntry(entry: string): string | null {
  if (entry.startsWith('0x')) return entry;
  if (entry.includes(' ')) {
    try {
      return `0x${hex(miniSecretFromMnemonic(entry))}`;
    } catch {
      return null;
    }
  }
  return `0x${entry}`;
}

/** The controller's ed25519 key from a stored seed, or null where the integration refuses it. */
export function controllerPairOf(seed: string): KeyPair | null {
  if (!/^0x[0-9a-fA-F]{64}$/.test(seed)) return null;
  const bytes = Uint8Array.from(seed.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  return pairFromSeed(bytes, 'ed25519');
}

/** What the validator reads from the chain of the file's network. */
export interface SubscriptionReader {
  /** Whether `RWS.Ledger(owner)` exists (active or not: the integration does not look). */
  hasLedger(owner: string): Promise<boolean>;
  devices(owner: string): Promise<string[]>;
}

export type Validation = { ok: true; controller: string; owner: string } | SetupFailure;

/**
 * The integration's validation, in its order (config_flow_helpers/validation.py): a seed, a seed
 * it can use, an owner address with prefix 32, a ledger for the owner on the chosen network, the
 * controller's ed25519 address among the owner's devices.
 */
export async function validateSettings(
  settings: IntegrationSettings,
  readerFor: (network: IntegrationNetwork) => SubscriptionReader,
): Promise<Validation> {
  if (settings.seed === undefined) {
    return fail(
      'wrong_password',
      "There is no controller key to check: enter the controller's key.",
    );
  }
  const pair = controllerPairOf(settings.seed);
  if (!pair) {
    return fail(
      'invalid_sub_admin_seed',
      settings.controllerType === 'sr25519'
        ? 'The controller key is an sr25519 key; Home Assistant needs an ed25519 controller. Generate a new controller.'
        : 'The controller key is not a 32-byte seed, an ed25519 mnemonic or a keystore of one.',
    );
  }
  const owner = settings.owner;
  if (typeof owner !== 'string' || !isRobonomicsAddress(owner)) {
    return fail(
      'invalid_sub_owner_address',
      typeof owner === 'string' && isValidAddress(owner)
        ? 'The owner address is written in another network format; write it as a Robonomics address (it starts with 4).'
        : 'The owner is not a valid address.',
    );
  }
  const network = integrationNetworkOf(settings.network ?? SETUP_FILE_DEFAULTS.network);
  const reader = readerFor(network);
  const networkName = network === 'polkadot' ? 'Polkadot' : 'Kusama';
  if (!(await reader.hasLedger(owner))) {
    return fail(
      'has_no_subscription',
      settings.network && settings.network !== network
        ? `Home Assistant does not know the network "${settings.network}" and looks on ${networkName}, where ${owner} has no subscription.`
        : `${owner} has no subscription on the ${networkName} parachain.`,
    );
  }
  const controller = encodeAddress(pair.publicKey, ROBONOMICS_SS58);
  if (!includesAddress(await reader.devices(owner), controller)) {
    return fail(
      'is_not_in_devices',
      `The controller ${controller} is not among the devices of ${owner}'s subscription: add it there first.`,
    );
  }
  return { ok: true, controller, owner };
}
