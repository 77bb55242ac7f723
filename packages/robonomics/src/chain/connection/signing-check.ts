import type { SigningMetadata } from '../metadata/signing-registry.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import type { NetworkIdentity } from '../network/network-identity.ts';
import { NetworkRefusedError } from './refusal.ts';

/** When the node's description is checked if no transaction asked first: after the first seconds. */
const SIGNING_CHECK_DELAY_MS = 5_000;

export interface SigningCheck {
  client: RobonomicsClient;
  network: NetworkIdentity;
  /** The signing registry (metadata/signing-registry.ts), loaded with the client. */
  registry: typeof import('../metadata/signing-registry.ts');
  isClosed: () => boolean;
  /** Takes the checked description (and keeps it for the next visit). */
  onDecided: (decided: SigningMetadata) => Promise<void>;
  /**
   * Drops the description kept on this device from an earlier visit, and has the node's own
   * fetched in its place; null when it came from the node.
   */
  dropKept: (() => Promise<void>) | null;
  /** Stops using the node (its own description failed). */
  refuse: (refusal: NetworkRefusedError) => Promise<void>;
}

/**
 * Checks the node's description of the runtime against what the build pins (docs/security.md,
 * "Pinned runtimes") before the first transaction, or once the page's first seconds are over:
 * the hash is long work, and its code a chunk of its own. A description kept from an earlier
 * visit that fails is dropped and the node's own fetched (by the connection, once); the node's
 * own that fails refuses the node. Either way, this client signs nothing.
 */
export function scheduleSigningCheck(check: SigningCheck): void {
  const { client, network, registry } = check;
  const decide = async (): Promise<SigningMetadata> => {
    const { decideSigningMetadata } = await import('../metadata/signing-metadata.ts');
    try {
      const decided = decideSigningMetadata(client, network);
      if (!check.isClosed()) await check.onDecided(decided);
      return decided;
    } catch (error) {
      const message = (error as Error).message;
      const refusal = new NetworkRefusedError(
        check.dropKept
          ? `${message} It was kept on this device from an earlier visit and has been dropped.`
          : message,
      );
      if (!check.isClosed()) {
        if (check.dropKept) await check.dropKept();
        else await check.refuse(refusal);
      }
      throw refusal;
    }
  };
  registry.setSigningMetadata(client, decide);
  setTimeout(() => void registry.signingMetadataOf(client).catch(() => {}), SIGNING_CHECK_DELAY_MS);
}
