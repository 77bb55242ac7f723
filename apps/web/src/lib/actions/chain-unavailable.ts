import type { ConnectionState } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';

/**
 * Why the parachain cannot be used right now, in the user's words: the devices page says it
 * where a command or a read would need the chain (docs/libp2p.md, "Without the chain").
 */
export function chainUnavailableText(chain: {
  state: ConnectionState;
  error: string | null;
  endpoint: string;
}): string {
  if (chain.state === 'error') {
    return `The parachain node ${chain.endpoint} cannot be reached${chain.error ? ` (${chain.error})` : ''}.`;
  }
  return `The parachain node ${chain.endpoint} is not connected yet.`;
}
