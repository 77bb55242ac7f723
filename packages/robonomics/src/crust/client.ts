import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { DedotClient, WsProvider } from 'dedot';

/** The Crust storage chain: mainnet, and the devnet's Crust-like chain. */
export const CRUST_MAINNET = 'wss://rpc.crust.network';
export const CRUST_DEVNET = 'ws://127.0.0.1:9945';
export const CRU_DECIMALS = 12;
export const CRUST_SS58 = 66;

/** An untyped dedot client of a Crust node (metadata read from the node itself). */
export type CrustClient = DedotClient;

export function connectCrust(endpoint: string): Promise<CrustClient> {
  return DedotClient.new({
    provider: new WsProvider(endpoint),
    rpcVersion: 'legacy',
    // V14 metadata lists no runtime APIs: name the ones signing and fees use.
    runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
  });
}
