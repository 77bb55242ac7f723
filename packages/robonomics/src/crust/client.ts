import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { DedotClient, MaxRetryAttemptedError, WsProvider } from 'dedot';

/** The Crust storage chain: mainnet, and the devnet's Crust-like chain. */
export const CRUST_MAINNET = 'wss://rpc.crust.network';
export const CRUST_DEVNET = 'ws://127.0.0.1:9945';
export const CRU_DECIMALS = 12;
export const CRUST_SS58 = 66;

/** An untyped dedot client of a Crust node (metadata read from the node itself). */
export type CrustClient = DedotClient;

export interface CrustConnectOptions {
  /** Pause between reconnect attempts. */
  retryDelayMs?: number;
  /**
   * Attempts before giving up, on the first connect and after a drop: an unreachable node ends
   * in an error instead of an endless "connecting".
   */
  maxRetryAttempts?: number;
}

export function connectCrust(
  endpoint: string,
  { retryDelayMs = 2_000, maxRetryAttempts = 5 }: CrustConnectOptions = {},
): Promise<CrustClient> {
  return DedotClient.new({
    provider: new WsProvider({ endpoint, retryDelayMs, maxRetryAttempts, timeout: 30_000 }),
    rpcVersion: 'legacy',
    // V14 metadata lists no runtime APIs: name the ones signing and fees use.
    runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
  });
}

/** Calls `onGaveUp` once the client stopped reconnecting to the node; returns the unsubscribe. */
export function onCrustGaveUp(client: CrustClient, onGaveUp: () => void): () => void {
  return client.provider.on('error', (error?: unknown) => {
    if (error instanceof MaxRetryAttemptedError) onGaveUp();
  });
}
