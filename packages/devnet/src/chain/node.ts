import { EventEmitter } from 'node:events';
import type { Call } from '@polkadot/types/interfaces';
import { stringToU8a, u8aConcat, u8aEq, u8aToHex } from '@polkadot/util';
import { blake2AsHex, cryptoWaitReady } from '@polkadot/util-crypto';
import { DispatchFailure, ExecContext, type Origin } from './context.ts';
import {
  decodeExtrinsic,
  invalid,
  PoolError,
  type SignedTx,
  verifyExtrinsic,
} from './extrinsic.ts';
import { credit, debit, readAccount, writeAccount } from './pallets/balances.ts';
import type { Runtime } from './runtime.ts';
import { type StateMap, WorkingState } from './state.ts';

export const XRT = 1_000_000_000n;
export const DEV_ENDOWMENT = 1_000_000n * XRT;
/** "modl" ++ "PotStake": the collator pot that receives the fees. */
export const POT_ACCOUNT = u8aConcat(stringToU8a('modlPotStake'), new Uint8Array(20));
const HASH69 = `0x${'45'.repeat(32)}`;
/** Blocks whose state is kept for queries at a block hash (BlockHashCount is 250). */
export const KEPT_BLOCKS = 256;

export interface Block {
  number: number;
  hash: string;
  parentHash: string;
  header: HeaderJson;
  headerHex: string;
  extrinsics: string[];
  state: StateMap;
  timestamp: bigint;
}

export interface HeaderJson {
  parentHash: string;
  number: string;
  stateRoot: string;
  extrinsicsRoot: string;
  digest: { logs: string[] };
}

export type TxStatus =
  | 'ready'
  | 'future'
  | { inBlock: string }
  | { finalized: string }
  | 'invalid'
  | 'dropped';

interface PoolEntry extends SignedTx {
  onStatus?: (status: TxStatus) => void;
}

export interface NodeOptions {
  /** Finality lag: a block is finalized this long after it was built. */
  finalityDelayMs?: number;
}

/**
 * The chain: blocks with their full state, a transaction pool, block production and the
 * events clients subscribe to ('block' for new best blocks, 'finalized').
 */
export class ChainNode extends EventEmitter {
  readonly runtime: Runtime;
  readonly blocks = new Map<string, Block>();
  readonly hashByNumber = new Map<number, string>();
  genesisHash = '';
  best!: Block;
  finalized!: Block;
  #pool: PoolEntry[] = [];
  #timeOverride: bigint | null = null;
  #finalityDelayMs: number;
  #finalityTimers = new Set<NodeJS.Timeout>();

  constructor(runtime: Runtime, options: NodeOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.runtime = runtime;
    this.#finalityDelayMs = options.finalityDelayMs ?? 400;
  }

  static async create(runtime: Runtime, options?: NodeOptions): Promise<ChainNode> {
    await cryptoWaitReady();
    return new ChainNode(runtime, options);
  }

  /** Genesis: the runtime's genesis storage (dev accounts…), then System and Timestamp. */
  initGenesis(now = BigInt(Date.now())): void {
    const work = new WorkingState(new Map());
    const ctx = this.#context(work, 0, now);
    this.runtime.logic.genesis(ctx);
    ctx.write('system', 'blockHash', [0], HASH69);
    ctx.write('system', 'number', [], 0);
    // An empty event list rather than no value: dedot's event watchers read it from the start.
    ctx.write('system', 'events', [], []);
    ctx.write('timestamp', 'now', [], now);
    const state = work.flatten();
    const block = this.#seal(0, `0x${'00'.repeat(32)}`, state, [], now);
    this.genesisHash = block.hash;
    this.#adopt(block);
    this.finalized = block;
  }

  /** Restores blocks loaded from disk (oldest first). */
  restore(genesisHash: string, blocks: Block[], finalizedHash: string): void {
    this.genesisHash = genesisHash;
    for (const block of blocks) this.#adopt(block);
    this.finalized = this.blocks.get(finalizedHash) ?? this.best;
  }

  #context(work: WorkingState, number: number, now: bigint): ExecContext {
    return new ExecContext(this.runtime, work, number, now, (ctx, call, origin) =>
      this.runtime.logic.dispatch(ctx, call, origin),
    );
  }

  #seal(
    number: number,
    parentHash: string,
    state: StateMap,
    extrinsics: string[],
    timestamp: bigint,
  ): Block {
    const { registry } = this.runtime;
    const stateRoot = blake2AsHex(
      u8aConcat(...[...state.keys()].sort().map((k) => stringToU8a(`${k}=${state.get(k)}`))),
    );
    const extrinsicsRoot = blake2AsHex(u8aConcat(...extrinsics.map((e) => stringToU8a(e))));
    const slot = new Uint8Array(8);
    new DataView(slot.buffer).setBigUint64(0, timestamp / 6000n, true);
    const digest =
      number === 0
        ? []
        : [
            registry
              .createType('DigestItem', { PreRuntime: ['0x61757261', u8aToHex(slot)] })
              .toHex(),
          ];
    const header = registry.createType('Header', {
      parentHash,
      number,
      stateRoot,
      extrinsicsRoot,
      digest: { logs: digest },
    });
    return {
      number,
      hash: header.hash.toHex(),
      parentHash,
      header: {
        parentHash,
        number: `0x${number.toString(16)}`,
        stateRoot,
        extrinsicsRoot,
        digest: { logs: digest },
      },
      headerHex: header.toHex(),
      extrinsics,
      state,
      timestamp,
    };
  }

  #adopt(block: Block): void {
    this.blocks.set(block.hash, block);
    this.hashByNumber.set(block.number, block.hash);
    this.best = block;
    // Keep genesis and the last KEPT_BLOCKS blocks.
    const old = this.hashByNumber.get(block.number - KEPT_BLOCKS);
    if (old && block.number - KEPT_BLOCKS > 0) {
      this.blocks.delete(old);
      this.hashByNumber.delete(block.number - KEPT_BLOCKS);
    }
  }

  blockAt(hash?: string | null): Block | undefined {
    return hash ? this.blocks.get(hash) : this.best;
  }

  /** Moves the chain clock: the next blocks take timestamps from here on. */
  timeTravel(ms: bigint): void {
    this.#timeOverride = ms;
  }

  // ---------------------------------------------------------------- pool

  /** The nonce the next transaction of an account should use, counting pooled ones. */
  nextIndex(who: Uint8Array): number {
    const ctx = this.#context(
      new WorkingState(this.best.state),
      this.best.number,
      this.best.timestamp,
    );
    let nonce = readAccount(ctx, who).nonce;
    const mine = this.#pool.filter((t) => u8aEq(t.signer, who)).map((t) => t.nonce);
    while (mine.includes(nonce)) nonce += 1;
    return nonce;
  }

  get pending(): string[] {
    return this.#pool.map((t) => t.hex);
  }

  /** Validates and pools a transaction; throws PoolError with the real node's codes. */
  submit(
    hex: string,
    onStatus?: (status: TxStatus) => void,
  ): { hash: string; status: 'ready' | 'future' } {
    const ext = decodeExtrinsic(this.runtime, hex);
    const tx = verifyExtrinsic(this.runtime, ext, {
      genesisHash: this.genesisHash,
      nextNumber: this.best.number + 1,
      hashAt: (n) => this.hashByNumber.get(n) ?? null,
    });
    if (this.#pool.some((t) => t.hash === tx.hash))
      throw new PoolError(1013, 'Transaction Already Imported');
    const ctx = this.#context(
      new WorkingState(this.best.state),
      this.best.number + 1,
      this.best.timestamp,
    );
    const account = readAccount(ctx, tx.signer);
    if (tx.nonce < account.nonce) throw invalid('Transaction is outdated');
    // CheckNonce: only an existing account may sign, even a call that pays no fee (rws.call).
    if (account.providers === 0 && account.sufficients === 0) {
      throw invalid('Inability to pay some fees (e.g. account balance too low)');
    }
    if (this.#pool.some((t) => u8aEq(t.signer, tx.signer) && t.nonce === tx.nonce)) {
      throw new PoolError(
        1014,
        'Priority is too low: (0 vs 0)',
        'The transaction has too low priority to replace another transaction already in the pool.',
      );
    }
    const fee = this.#fee(tx);
    if (
      fee > 0n &&
      account.free - account.frozen <
        fee + (account.providers > 0 ? this.runtime.existentialDeposit : 0n)
    ) {
      throw invalid('Inability to pay some fees (e.g. account balance too low)');
    }
    const entry: PoolEntry = { ...tx, onStatus };
    this.#pool.push(entry);
    const status =
      tx.nonce === this.#readyNonce(tx.signer, account.nonce) - 1 || tx.nonce === account.nonce
        ? 'ready'
        : 'future';
    this.emit('pooled', entry.hash);
    return { hash: tx.hash, status: this.#isReady(entry, account.nonce) ? 'ready' : status };
  }

  #readyNonce(who: Uint8Array, from: number): number {
    const mine = new Set(this.#pool.filter((t) => u8aEq(t.signer, who)).map((t) => t.nonce));
    let n = from;
    while (mine.has(n)) n += 1;
    return n;
  }

  #isReady(tx: PoolEntry, accountNonce: number): boolean {
    return tx.nonce < this.#readyNonce(tx.signer, accountNonce);
  }

  // ---------------------------------------------------------------- blocks

  /** Builds, seals and announces the next block. */
  buildBlock(): Block {
    const parent = this.best;
    const number = parent.number + 1;
    const previousTime = parent.timestamp;
    const now = (() => {
      const clock = this.#timeOverride ?? BigInt(Date.now());
      if (this.#timeOverride !== null) this.#timeOverride = null;
      return clock > previousTime ? clock : previousTime + 1n;
    })();
    const work = new WorkingState(parent.state);
    // on_initialize sees the previous block's timestamp (the inherent has not run yet).
    const ctx = this.#context(work, number, previousTime);
    ctx.phase = 'Initialization';
    ctx.remove('system', 'events');
    ctx.remove('system', 'eventCount');
    ctx.write('system', 'number', [], number);
    ctx.write('system', 'parentHash', [], parent.hash);
    ctx.write('system', 'blockHash', [number - 1], parent.hash);
    this.runtime.logic.onInitialize(ctx, number);

    // Extrinsic 0: the timestamp inherent.
    const extrinsics: string[] = [];
    const timestampCall = this.runtime.registry.createType('Call', {
      callIndex: [this.runtime.palletIndex('Timestamp'), 0],
      args: { now },
    });
    extrinsics.push(
      this.runtime.registry.createType('Extrinsic', { method: timestampCall }).toHex(),
    );
    ctx.now = now;
    ctx.phase = { ApplyExtrinsic: 0 };
    ctx.write('timestamp', 'now', [], now);
    ctx.deposit('System', 'ExtrinsicSuccess', {
      dispatchInfo: this.#dispatchInfo(timestampCall as Call, 'Mandatory'),
    });

    const included: PoolEntry[] = [];
    const dropped: PoolEntry[] = [];
    for (const tx of this.#readyInOrder(ctx)) {
      const index = extrinsics.length;
      const outcome = this.#apply(ctx, tx, index);
      if (outcome === 'invalid') dropped.push(tx);
      else {
        extrinsics.push(tx.hex);
        included.push(tx);
      }
    }
    ctx.phase = 'Finalization';
    const events = work.events;
    ctx.write('system', 'eventCount', [], events.length);
    work.set(
      this.runtime.key('system', 'events'),
      u8aToHex(u8aConcat(this.#compact(events.length), ...events)),
    );
    const block = this.#seal(number, parent.hash, work.flatten(), extrinsics, now);
    this.#adopt(block);
    this.#pool = this.#pool.filter(
      (t) => !included.includes(t) && !dropped.includes(t) && t.death >= number + 1,
    );
    for (const tx of dropped) tx.onStatus?.('invalid');
    for (const tx of included) tx.onStatus?.({ inBlock: block.hash });
    this.emit('block', block);
    this.#scheduleFinality(block, included);
    return block;
  }

  #compact(n: number): Uint8Array {
    return this.runtime.registry.createType('Compact<u32>', n).toU8a();
  }

  /** Pool transactions whose nonce is next for their sender, in nonce order. */
  #readyInOrder(ctx: ExecContext): PoolEntry[] {
    const bySender = new Map<string, PoolEntry[]>();
    for (const tx of this.#pool) {
      const key = u8aToHex(tx.signer);
      bySender.set(key, [...(bySender.get(key) ?? []), tx]);
    }
    const ordered: PoolEntry[] = [];
    for (const list of bySender.values()) {
      let nonce = readAccount(ctx, list[0]!.signer).nonce;
      const sorted = list.sort((a, b) => a.nonce - b.nonce);
      for (const tx of sorted) {
        if (tx.nonce < nonce) {
          ordered.push(tx); // stale now: apply() will drop it as invalid
          continue;
        }
        if (tx.nonce !== nonce) break;
        ordered.push(tx);
        nonce += 1;
      }
    }
    return ordered;
  }

  #dispatchInfo(
    call: Call,
    dispatchClass: 'Normal' | 'Mandatory',
    weight = this.runtime.logic.callWeight(call),
  ) {
    return {
      weight: this.runtime.weight(weight),
      class: dispatchClass,
      paysFee: this.runtime.logic.paysFee(call) ? 'Yes' : 'No',
    };
  }

  /** Inclusion fee (if the call pays) plus tip. */
  #fee(tx: SignedTx): bigint {
    const { logic } = this.runtime;
    return (logic.paysFee(tx.call) ? logic.inclusionFee(tx.call, tx.length).total : 0n) + tx.tip;
  }

  /** Applies a signed transaction: nonce and fee outside the dispatch layer, then dispatch. */
  #apply(ctx: ExecContext, tx: PoolEntry, index: number): 'ok' | 'failed' | 'invalid' {
    ctx.phase = { ApplyExtrinsic: index };
    const account = readAccount(ctx, tx.signer);
    if (tx.nonce !== account.nonce) return 'invalid';
    const fee = this.#fee(tx);
    const feeEvents = this.runtime.logic.feeEvents ?? true;
    try {
      ctx.state.transactional(() => {
        account.nonce += 1;
        writeAccount(ctx, tx.signer, account);
        if (fee > 0n) {
          debit(ctx, tx.signer, fee, true);
          if (feeEvents) ctx.deposit('Balances', 'Withdraw', { who: tx.signer, amount: fee });
        }
      });
    } catch {
      return 'invalid';
    }
    const origin: Origin = { kind: 'signed', who: tx.signer };
    let error: unknown = null;
    try {
      ctx.state.transactional(() => this.runtime.logic.dispatch(ctx, tx.call, origin));
    } catch (e) {
      if (!(e instanceof DispatchFailure)) {
        // A bug in a pallet must not stop the chain: report it as an Other error.
        console.error(`devnet: ${tx.call.section}.${tx.call.method} crashed:`, e);
        error = 'Other';
      } else error = e.error;
    }
    // A call that turns out not to pay (Pays::No after dispatch) gets its fee back, tip excepted.
    const refund = error === null && this.runtime.logic.refundsFee?.(tx.call) ? fee - tx.tip : 0n;
    if (refund > 0n) {
      credit(ctx, tx.signer, refund);
      if (feeEvents) ctx.deposit('Balances', 'Deposit', { who: tx.signer, amount: refund });
    }
    if (fee - refund > 0n) {
      const pot = this.runtime.logic.feeDestination;
      credit(ctx, pot, fee - refund);
      if (feeEvents) ctx.deposit('Balances', 'Deposit', { who: pot, amount: fee - refund });
    }
    if (this.runtime.hasEvent('TransactionPayment', 'TransactionFeePaid')) {
      ctx.deposit('TransactionPayment', 'TransactionFeePaid', {
        who: tx.signer,
        actualFee: fee - refund,
        tip: tx.tip,
      });
    }
    const info = {
      ...this.#dispatchInfo(tx.call, 'Normal'),
      ...(error === null && this.runtime.logic.refundsFee?.(tx.call) ? { paysFee: 'No' } : {}),
    };
    if (error === null) {
      ctx.deposit('System', 'ExtrinsicSuccess', { dispatchInfo: info });
      return 'ok';
    }
    ctx.deposit('System', 'ExtrinsicFailed', { dispatchError: error, dispatchInfo: info });
    return 'failed';
  }

  #scheduleFinality(block: Block, included: PoolEntry[]): void {
    // Finalized never follows inBlock in the same tick (pitfall 6): clients would miss InBlock.
    const timer = setTimeout(() => {
      this.#finalityTimers.delete(timer);
      if (!this.blocks.has(block.hash) || block.number <= this.finalized.number) return;
      this.finalized = block;
      for (const tx of included) tx.onStatus?.({ finalized: block.hash });
      this.emit('finalized', block);
    }, this.#finalityDelayMs);
    this.#finalityTimers.add(timer);
  }

  /** Runs a read-only call against a block's state (payment info, nonce). */
  readContext(hash?: string): ExecContext {
    const block = this.blockAt(hash) ?? this.best;
    return this.#context(new WorkingState(block.state), block.number, block.timestamp);
  }

  stop(): void {
    for (const timer of this.#finalityTimers) clearTimeout(timer);
    this.#finalityTimers.clear();
    for (const tx of this.#pool) tx.onStatus?.('dropped');
    this.#pool = [];
  }
}
