import {
  DEVNET_PLAYS,
  type IntegrationNetwork,
  SETUP_FILE_DEFAULTS,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import {
  type IntegrationSettings,
  readSetupFile,
  type SetupErrorKey,
  type SubscriptionReader,
  seedFromManualEntry,
  validateSettings,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import type { ChainLink } from '../chain/chain.ts';

/**
 * The steps of the Robonomics integration's config flow as the devnet's Home Assistant runs them
 * (docs/home-assistant.md, "Adding a home"), on the rules shared with the app
 * (packages/robonomics/src/home-assistant/setup-file/integration.ts): the "conf" step reads a setup file with
 * its password; when the file lacks the controller's key or the owner, the "manual" step takes
 * them by hand; then the settings are validated against the chain of their network.
 */

/** What the manual step's form holds; an empty field keeps what the file gave. */
export interface ManualEntry {
  /** The controller's private key: 0x hex, a mnemonic (ed25519) or bare hex. */
  seed?: string;
  owner?: string;
  /** kusama or polkadot (the form's choice). */
  network?: string;
}

export interface SetupInput {
  /** The conf step: the setup file's content and its password. */
  file?: string | Uint8Array;
  password?: string;
  /** The manual step's fields. */
  manual?: ManualEntry;
  /** What an earlier conf step kept for the manual step (the setup page's flow). */
  carried?: IntegrationSettings;
}

export type SetupStep =
  /** The manual step is needed and was not given. */
  | { kind: 'manual'; settings: IntegrationSettings; missing: string }
  | { kind: 'failed'; key: SetupErrorKey; reason: string }
  | {
      kind: 'valid';
      settings: IntegrationSettings;
      /** The controller's seed, 0x and 64 hex digits. */
      seed: string;
      controller: string;
      owner: string;
    };

/** What the manual step makes of the settings kept so far. */
export function withManualEntry(
  settings: IntegrationSettings,
  entry: ManualEntry,
): IntegrationSettings {
  const next = { ...settings };
  if (entry.seed) next.seed = seedFromManualEntry(entry.seed) ?? entry.seed;
  if (entry.owner) next.owner = entry.owner;
  next.network = entry.network || settings.network || SETUP_FILE_DEFAULTS.network;
  next.intervalMinutes ??= SETUP_FILE_DEFAULTS.intervalMinutes;
  return next;
}

/** How long validation waits for the chain. */
const CHAIN_READ_MS = 15_000;

async function withinTime<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what} did not answer within ${CHAIN_READ_MS / 1000} s.`)),
          CHAIN_READ_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The parachains as the devnet's Home Assistant sees them: it plays one (the Polkadot parachain,
 * the network the app's devnet setups write in their files) with the devnet's chain; the other
 * has no chain on this machine, so nobody has a subscription there.
 */
export function devnetReaders(
  chain: ChainLink,
): (network: IntegrationNetwork) => SubscriptionReader {
  const devnet: SubscriptionReader = {
    hasLedger: (owner) => withinTime(chain.hasLedger(owner), 'The parachain'),
    devices: (owner) => withinTime(chain.devices(owner), 'The parachain'),
  };
  const nowhere: SubscriptionReader = {
    hasLedger: async () => false,
    devices: async () => [],
  };
  return (network) => (network === DEVNET_PLAYS ? devnet : nowhere);
}

/** Runs the steps the input reaches: the file's, the manual one, then validation. */
export async function runSetupSteps(
  input: SetupInput,
  readerFor: (network: IntegrationNetwork) => SubscriptionReader,
): Promise<SetupStep> {
  let settings: IntegrationSettings;
  if (input.file !== undefined) {
    const reading = readSetupFile(input.file, input.password ?? '');
    if (!reading.ok) return { kind: 'failed', key: reading.key, reason: reading.reason };
    if (reading.next === 'manual') {
      if (!input.manual) {
        return { kind: 'manual', settings: reading.settings, missing: reading.missing };
      }
      settings = withManualEntry(reading.settings, input.manual);
    } else {
      settings = reading.settings;
    }
  } else if (input.manual) {
    settings = withManualEntry(input.carried ?? {}, input.manual);
  } else {
    return { kind: 'failed', key: 'file_not_found', reason: 'No setup file was given.' };
  }
  let validation: Awaited<ReturnType<typeof validateSettings>>;
  try {
    validation = await validateSettings(settings, readerFor);
  } catch (error) {
    return {
      kind: 'failed',
      key: 'unknown',
      reason: `The subscription could not be read: ${(error as Error).message}`,
    };
  }
  if (!validation.ok) return { kind: 'failed', key: validation.key, reason: validation.reason };
  return {
    kind: 'valid',
    settings,
    seed: settings.seed!,
    controller: validation.controller,
    owner: validation.owner,
  };
}
