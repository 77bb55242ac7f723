import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { DedotClient, type WsProvider } from 'dedot';
import type { RobonomicsApi } from '../generated/robonomics/index';

// The client's socket and the runtime check of its metadata come with the client (client.ts
// loads them together, after the first paint).
export { WsProvider } from 'dedot';
export { misplacedCall } from '../metadata/call-pins.ts';

type Hex = `0x${string}`;

/**
 * The typed chain client over an open provider. Its own module, loaded on demand by
 * ChainConnection: the client and its codecs are most of the chain code's weight, and the first
 * paint does not need them (docs/first-data.md).
 */
export function createClient(
  provider: WsProvider,
  metadata: Record<string, Hex> | undefined,
): DedotClient<RobonomicsApi> {
  return new DedotClient<RobonomicsApi>({
    provider,
    rpcVersion: 'legacy',
    // V14 metadata has no runtime-API section: pass the specs the app calls.
    runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
    // dedot's own cache is keyed by the genesis hash a node claims, for every node alike.
    cacheMetadata: false,
    metadata,
  });
}
