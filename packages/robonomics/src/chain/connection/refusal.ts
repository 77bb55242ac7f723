import type { RobonomicsClient } from '../model/client-type.ts';
import type { NetworkIdentity } from '../network/network-identity.ts';

/** A node the app does not use: it contradicts what the app knows of its network. */
export class NetworkRefusedError extends Error {
  override name = 'NetworkRefusedError';
}

/**
 * Why a known network's node is refused for its runtime description: a call the app sends placed
 * or shaped otherwise than in the real runtime (call-pins.ts, loaded with the client). Unknown
 * networks are not checked: a signature for their genesis is worth nothing on a real network.
 */
export function misplacedCallOf(
  network: NetworkIdentity,
  client: RobonomicsClient,
  find: (metadata: RobonomicsClient['metadata']) => string | null,
): string | null {
  if (network.kind !== 'known') return null;
  const call = find(client.metadata);
  return call
    ? `This node describes the runtime of ${network.name} otherwise than it is: ${call} is not where or what it is there. The app does not use it, so that no key signs a call it did not mean; choose another network.`
    : null;
}
