import type { ExecContext } from '../runtime/context.ts';
import { readAccount, transfer } from './balances.ts';

/**
 * CollatorSelection's reward when the block's author is noted (Authorship, on_initialize): half
 * of the fee pot above the existential deposit goes to the author. The devnet's only author is
 * Alice, the invulnerable collator of the dev genesis.
 */
export function rewardAuthor(ctx: ExecContext, pot: Uint8Array, author: Uint8Array): void {
  const free = readAccount(ctx, pot).free;
  const ed = ctx.runtime.existentialDeposit;
  const reward = free > ed ? (free - ed) / 2n : 0n;
  if (reward > 0n) transfer(ctx, pot, author, reward, true);
}
