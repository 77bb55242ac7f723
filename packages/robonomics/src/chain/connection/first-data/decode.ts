import { Reader } from '../../model/scale-reader.ts';

/**
 * Small decoders for the dashboard's first values, so the first paint needs neither the full
 * metadata decoder nor the chain client (docs/first-data.md). Each one is checked in tests
 * against the client's metadata-based decoding of the same bytes.
 */

/**
 * Storage key of RWS.AuctionQueue: twox128("RWS") ++ twox128("AuctionQueue"), a plain value
 * (the indexes of the open subscription auctions, a bounded vector of u32).
 */
export const AUCTION_QUEUE_KEY =
  '0xa52ffbbd6ee7b384b3554ba952de6267be64b624da5ca8b77d23143164db7ccd';

/** RWS.AuctionQueue's value (null: never written, the empty default). */
export function decodeAuctionQueue(hex: string | null): number[] {
  if (hex === null) return [];
  const reader = new Reader(hex);
  const queue: number[] = [];
  for (let n = reader.compact(); n > 0; n--) queue.push(reader.u32());
  reader.end('auction queue');
  return queue;
}
