import { secondNodesFor } from '../lib/chain/second-nodes.ts';
import { useChain } from '../lib/stores/chain-store.ts';

/**
 * Said before signing on a chain the app does not know: the facts a purchase or a device-list
 * change rests on come from the one node in use, with no second node to confirm them (a known
 * network's are confirmed by a second public node before signing: docs/security.md).
 */
export function OneNodeNote({ facts }: { facts: string }) {
  const endpoint = useChain((s) => s.endpoint);
  const network = useChain((s) => s.network);
  // A chain the app does not know, unless the user named a second node for it.
  if (network?.kind !== 'unknown' || secondNodesFor(network, endpoint).nodes.length > 0)
    return null;
  return (
    <p className="small muted" data-testid="one-node-note">
      {facts} come from one node, <span className="mono break">{endpoint}</span>: no second node of
      this chain is known to confirm them.
    </p>
  );
}
