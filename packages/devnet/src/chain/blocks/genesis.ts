import type { Runtime } from '../runtime/runtime.ts';
import { CODE_KEY, codeOfUpgrade } from '../runtime/runtime-upgrades.ts';
import { type StateMap, WorkingState } from '../runtime/state.ts';

/**
 * What System.BlockHash holds for block 0 from genesis: frame_system writes `[69; 32]` there,
 * since the genesis block's own hash is not known while its state is being built.
 */
/**
 * What a Substrate chain keeps as block 0's `System.BlockHash`: not the genesis header's hash but
 * a placeholder of 32 bytes of 69 (0x45), written by frame_system's genesis build (its `hash69`)
 * and never replaced, so `system.blockHash(0)` on a real node reads this too.
 */
const GENESIS_BLOCK_HASH = `0x${'45'.repeat(32)}`;

/**
 * The genesis storage: the runtime's own (dev accounts, issuance, pallet config), its code, then
 * System and Timestamp at `now`.
 */
export function genesisState(runtime: Runtime, now: bigint): StateMap {
  const work = new WorkingState(new Map());
  const ctx = runtime.context(work, 0, now);
  runtime.logic.genesis(ctx);
  // Every chain has its runtime code in storage; clients key their metadata by its hash.
  work.set(CODE_KEY, codeOfUpgrade({ specVersion: runtime.version.specVersion }));
  ctx.write('system', 'blockHash', [0], GENESIS_BLOCK_HASH);
  ctx.write('system', 'number', [], 0);
  // An empty event list rather than no value: dedot's event watchers read it from the start.
  ctx.write('system', 'events', [], []);
  ctx.write('timestamp', 'now', [], now);
  return work.flatten();
}
