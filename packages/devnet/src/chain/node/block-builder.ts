import type { Call } from '@polkadot/types/interfaces';
import { hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { type Block, type BlockFields, sealBlock } from '../blocks/block.ts';
import { readAccount } from '../pallets/balances.ts';
import type { ExecContext } from '../runtime/context.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { applyUpgrade, type PendingUpgrade } from '../runtime/runtime-upgrades.ts';
import { type StateChanges, type StateMap, WorkingState } from '../runtime/state.ts';
import { applyExtrinsic } from './apply-extrinsic.ts';
import { applyStorage } from './dev-overrides.ts';
import { dispatchInfo } from './fees.ts';
import type { PoolEntry, TxPool } from './pool.ts';

/**
 * How long block production may spend applying transactions before it seals the block and
 * leaves the rest for the next one (a node's proposer works to a deadline too), so a full pool
 * never holds up the RPC server.
 */
const BLOCK_BUILD_BUDGET_MS = 40;

/** Everything the next block is built from. */
export interface BlockPlan {
  /** The runtime that runs it (an upgrade's new one in the upgrade's block). */
  runtime: Runtime;
  parent: Block;
  /** Its timestamp. */
  now: bigint;
  /** dev_setStorage changes, applied before anything runs. */
  storage: StateChanges;
  /** The upgrade it applies, if any. */
  upgrade: PendingUpgrade | null;
  /** Where its transactions come from (only read). */
  pool: TxPool<PoolEntry>;
}

export interface BuiltBlock {
  fields: BlockFields;
  /** The whole storage after the block. */
  state: StateMap;
  included: PoolEntry[];
  /** Ready transactions that turned out not to apply (a stale nonce, a fee it cannot pay). */
  invalid: PoolEntry[];
}

/**
 * Builds and seals the block on `plan.parent`, as a collator's block builder does: the
 * initialisation (System's bookkeeping, an upgrade, the pallets' on_initialize), the timestamp
 * inherent, the pool's ready transactions up to the block's limits and the build budget, then
 * the finalisation (the block's events). Changes nothing outside the new state.
 */
export function buildBlock(plan: BlockPlan): BuiltBlock {
  const { runtime, parent, now } = plan;
  const number = parent.number + 1;
  const work = new WorkingState(parent.state);
  applyStorage(work, plan.storage);
  // on_initialize sees the previous block's timestamp (the inherent has not run yet).
  const ctx = runtime.context(work, number, parent.timestamp);
  initialize(ctx, plan);
  const extrinsics = [timestampInherent(ctx, runtime, now)];
  const { included, invalid } = applyReady(ctx, plan, extrinsics);
  finalize(ctx, runtime);
  const state = work.flatten();
  const fields = sealBlock(runtime, {
    number,
    parentHash: parent.hash,
    state,
    changes: work.changes(),
    extrinsics,
    timestamp: now,
    upgraded: plan.upgrade !== null,
  });
  return { fields, state, included, invalid };
}

function initialize(ctx: ExecContext, { runtime, parent, upgrade }: BlockPlan): void {
  const number = parent.number + 1;
  ctx.phase = 'Initialization';
  ctx.remove('system', 'events');
  ctx.remove('system', 'eventCount');
  ctx.write('system', 'number', [], number);
  ctx.write('system', 'parentHash', [], parent.hash);
  ctx.write('system', 'blockHash', [number - 1], parent.hash);
  if (upgrade) applyUpgrade(ctx, upgrade);
  runtime.logic.onInitialize(ctx, number);
}

/** Extrinsic 0: Timestamp.set(now). Answers its bytes. */
function timestampInherent(ctx: ExecContext, runtime: Runtime, now: bigint): string {
  const call = runtime.registry.createType('Call', {
    callIndex: [runtime.palletIndex('Timestamp'), 0],
    args: { now },
  }) as Call;
  ctx.now = now;
  ctx.phase = { ApplyExtrinsic: 0 };
  ctx.write('timestamp', 'now', [], now);
  ctx.deposit('System', 'ExtrinsicSuccess', {
    dispatchInfo: dispatchInfo(runtime, call, 'Mandatory'),
  });
  return runtime.registry.createType('Extrinsic', { method: call }).toHex();
}

/**
 * Applies the pool's ready transactions after `extrinsics` until the block's limits (length,
 * weight) or the build budget leave the rest for the next block; at least one always goes in.
 */
function applyReady(
  ctx: ExecContext,
  { runtime, pool }: BlockPlan,
  extrinsics: string[],
): { included: PoolEntry[]; invalid: PoolEntry[] } {
  const included: PoolEntry[] = [];
  const invalid: PoolEntry[] = [];
  const started = performance.now();
  const limits = runtime.blockLimits;
  let length = 0;
  let refTime = 0n;
  for (const tx of readyInOrder(pool, ctx)) {
    const weight = runtime.logic.callWeight(tx.call).refTime;
    if (
      included.length > 0 &&
      (length + tx.length > limits.normalLength ||
        refTime + weight > limits.normalRefTime ||
        performance.now() - started > BLOCK_BUILD_BUDGET_MS)
    ) {
      break;
    }
    const outcome = applyExtrinsic(runtime, ctx, tx, extrinsics.length);
    if (outcome === 'invalid') invalid.push(tx);
    else {
      extrinsics.push(tx.hex);
      included.push(tx);
      length += tx.length;
      refTime += weight;
    }
  }
  return { included, invalid };
}

/** Ready pool transactions, each sender's in nonce order, senders in arrival order. */
function readyInOrder(pool: TxPool<PoolEntry>, ctx: ExecContext): PoolEntry[] {
  const ordered: PoolEntry[] = [];
  for (const sender of pool.senders()) {
    const mine = pool.ofSender(hexToU8a(sender));
    let nonce = readAccount(ctx, hexToU8a(sender)).nonce;
    for (const [n, tx] of [...mine].sort((a, b) => a[0] - b[0])) {
      if (n < nonce) {
        ordered.push(tx); // stale now: applyExtrinsic will find it invalid
        continue;
      }
      if (n !== nonce) break;
      ordered.push(tx);
      nonce += 1;
    }
  }
  return ordered;
}

/** The block's events, stored with their count. */
function finalize(ctx: ExecContext, runtime: Runtime): void {
  ctx.phase = 'Finalization';
  const events = ctx.state.events;
  ctx.write('system', 'eventCount', [], events.length);
  const count = runtime.registry.createType('Compact<u32>', events.length).toU8a();
  ctx.state.set(runtime.key('system', 'events'), u8aToHex(u8aConcat(count, ...events)));
}
