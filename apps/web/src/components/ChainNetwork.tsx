import { useChain } from '../lib/stores/chain-store.ts';

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

/**
 * The network the connected node is, as the app knows it: a known network's name (and whether it
 * is reached through a custom node), or an unknown network with the genesis hash it reports.
 */
export function ChainNetwork() {
  const network = useChain((s) => s.network);
  if (!network) return <span className="muted">…</span>;
  switch (network.kind) {
    case 'refused':
      return <span className="error">refused (see the banner)</span>;
    case 'unknown':
      return (
        <span className="unknown-network" data-testid="chain-network">
          Unknown network{' '}
          <span className="mono small" title={network.genesisHash}>
            (genesis {shortHash(network.genesisHash)})
          </span>
        </span>
      );
    case 'known':
      return (
        <span data-testid="chain-network">
          {network.name}
          {!network.ownEndpoint && <span className="muted"> (through a custom node)</span>}
        </span>
      );
  }
}
