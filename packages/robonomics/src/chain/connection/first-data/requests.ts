import type { RpcRequest } from '../rpc-socket.ts';
import { AUCTION_QUEUE_KEY } from './decode.ts';

/** The first reads, in the order they are sent: the large metadata answer last. */
export const GENESIS_READ = ['chain_getBlockHash', [0]] as const;
export const VERSION_READ = ['state_getRuntimeVersion', []] as const;
export const PROPERTIES_READ = ['system_properties', []] as const;
export const QUEUE_READ = ['state_getStorage', [AUCTION_QUEUE_KEY]] as const;
export const METADATA_READ = ['state_getMetadata', []] as const;

/**
 * The requests readFirstData (read.ts) sends, for a socket opened before the app runs: the
 * metadata only when none is kept for the endpoint.
 */
export function firstReadRequests(withMetadata: boolean): RpcRequest[] {
  const reads: RpcRequest[] = [GENESIS_READ, VERSION_READ, PROPERTIES_READ, QUEUE_READ];
  if (withMetadata) reads.push(METADATA_READ);
  return reads;
}
