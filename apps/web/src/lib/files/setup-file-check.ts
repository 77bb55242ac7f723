import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import {
  fileNetworkOf,
  integrationNetworkOf,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import {
  readSetupFile,
  SETUP_ERROR_TEXT,
  type SetupErrorKey,
  validateSettings,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import { expiryOf } from '@robonomics-dapp/robonomics/rws/subscription';

/** What Home Assistant's Robonomics integration will do with a setup file. */
export type FileVerdict =
  | {
      kind: 'accepted';
      controller: string;
      /** What it accepts but will not work well (an ended subscription). */
      warnings: string[];
    }
  /** The file lacks the controller's key or the owner: the integration asks for them by hand. */
  | { kind: 'manual'; missing: string }
  | { kind: 'refused'; key: SetupErrorKey; text: string; reason: string };

/** What the check reads from the chain the app is connected to. */
export interface ChainFacts {
  /** The app's network name (polkadot, kusama, local, custom). */
  network: string;
  ledger(owner: string): Promise<SubscriptionLedger | null>;
  devices(owner: string): Promise<string[]>;
  now: number;
}

/**
 * Runs the integration's own rules on a setup file before it is offered (docs/home-assistant.md,
 * "Adding a home"): its parser with the password the user gave, then its validation against the
 * chain. The integration checks only that a subscription exists; an ended one is a warning here.
 */
export async function checkSetupFile(
  content: string,
  password: string,
  chain: ChainFacts,
): Promise<FileVerdict> {
  const reading = readSetupFile(content, password);
  if (!reading.ok) {
    return {
      kind: 'refused',
      key: reading.key,
      text: SETUP_ERROR_TEXT[reading.key],
      reason: reading.reason,
    };
  }
  if (reading.next === 'manual') return { kind: 'manual', missing: reading.missing };
  // The chain the app is on answers for the network its files name; the other one is not read.
  const here = integrationNetworkOf(fileNetworkOf(chain.network));
  let ledger = null as SubscriptionLedger | null;
  const result = await validateSettings(reading.settings, (network) =>
    network === here
      ? {
          hasLedger: async (owner) => {
            ledger = await chain.ledger(owner);
            return ledger !== null;
          },
          devices: (owner) => chain.devices(owner),
        }
      : { hasLedger: async () => false, devices: async () => [] },
  );
  if (!result.ok) {
    return {
      kind: 'refused',
      key: result.key,
      text: SETUP_ERROR_TEXT[result.key],
      reason: result.reason,
    };
  }
  const warnings: string[] = [];
  const expiry = ledger ? expiryOf(ledger) : null;
  if (expiry !== null && expiry <= chain.now) {
    warnings.push(
      'The subscription has ended: Home Assistant accepts the file, but the home cannot publish through it until the subscription is renewed.',
    );
  }
  return { kind: 'accepted', controller: result.controller, warnings };
}
