import { MaxRetryAttemptedError, WsProvider } from 'dedot';
import { hexToU8a } from 'dedot/utils';
import { type CrustChain, readCrustMetadata } from './chain-description.ts';

/** The Crust token's decimals, and the chain's SS58 prefix. */
export const CRU_DECIMALS = 12;
export const CRUST_SS58 = 66;

/**
 * A connection to a Crust node: its JSON-RPC provider and what its metadata says about the
 * storage market. Crust mainnet serves V13 metadata, which dedot's client cannot read, so this
 * purpose-built client speaks to the node directly with dedot's SCALE codecs (docs/crust.md).
 */
export interface CrustClient {
  provider: WsProvider;
  chain: CrustChain;
  genesisHash: `0x${string}`;
  specName: string;
  disconnect(): Promise<void>;
}

export interface CrustConnectOptions {
  /** Pause between reconnect attempts. */
  retryDelayMs?: number;
  /**
   * Attempts before giving up, on the first connect and after a drop: an unreachable node ends
   * in an error instead of an endless "connecting".
   */
  maxRetryAttempts?: number;
}

/** The runtime version fields signing needs. */
export interface CrustRuntimeVersion {
  specName: string;
  specVersion: number;
  transactionVersion: number;
}

export function fetchRuntimeVersion(client: Pick<CrustClient, 'provider'>) {
  return client.provider.send<CrustRuntimeVersion>('state_getRuntimeVersion', []);
}

/**
 * Connects and reads the node's metadata. Rejects with CrustUnsupportedError ("This storage
 * network is not supported") when the node is not a Crust market this client can use.
 */
export async function connectCrust(
  endpoint: string,
  { retryDelayMs = 2_000, maxRetryAttempts = 5 }: CrustConnectOptions = {},
): Promise<CrustClient> {
  const provider = new WsProvider({ endpoint, retryDelayMs, maxRetryAttempts, timeout: 30_000 });
  await provider.connect();
  try {
    const [metadata, version, genesisHash] = await Promise.all([
      provider.send<string>('state_getMetadata', []),
      fetchRuntimeVersion({ provider }),
      provider.send<`0x${string}`>('chain_getBlockHash', [0]),
    ]);
    const chain = readCrustMetadata(hexToU8a(metadata), version.specName);
    return {
      provider,
      chain,
      genesisHash,
      specName: version.specName,
      disconnect: () => provider.disconnect(),
    };
  } catch (error) {
    await provider.disconnect().catch(() => {});
    throw error;
  }
}

/** Calls `onGaveUp` once the client stopped reconnecting to the node; returns the unsubscribe. */
export function onCrustGaveUp(client: CrustClient, onGaveUp: () => void): () => void {
  return client.provider.on('error', (error?: unknown) => {
    if (error instanceof MaxRetryAttemptedError) onGaveUp();
  });
}
