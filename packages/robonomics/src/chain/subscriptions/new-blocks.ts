import type { RobonomicsClient } from '../client.ts';

/** Calls back with the number of every new best block. */
export function subscribeNewBlocks(
  client: RobonomicsClient,
  onBlock: (block: { number: number; hash: string }) => void,
): () => void {
  return client.block.best((block) => onBlock({ number: block.number, hash: block.hash }));
}
