import { EventEmitter } from 'node:events';
import { u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import {
  type Block,
  type BlockFields,
  type BlockSink,
  ChainHaltedError,
  sealBlock,
} from '../blocks/block.ts';
import { BlockArchive } from '../blocks/block-archive.ts';
import { genesisState } from '../blocks/genesis.ts';
import { readAccount } from '../pallets/balances.ts';
import type { ExecContext } from '../runtime/context.ts';
import type { Runtime, RuntimeUpgrade } from '../runtime/runtime.ts';
import { CODE_KEY, type PendingUpgrade, RuntimeHistory } from '../runtime/runtime-upgrades.ts';
import { applyChanges, type StateChanges, type StateMap, WorkingState } from '../runtime/state.ts';
import { buildBlock } from './block-builder.ts';
import { NextBlockOverrides, timestampAfter } from './dev-overrides.ts';
import { extrinsicHash, PoolError, type SignedTx, type SigningContext } from './extrinsic.ts';
import { Finality } from './finality.ts';
import { type PoolEntry, TxPool, type TxStatus, temporarilyBanned } from './pool.ts';
import { checkTransaction, refuseOversized, stillVerifies } from './transaction-validity.ts';

export interface NodeOptions {
  /** Finality lag: a block is finalized this long after it was built. */
  finalityDelayMs?: number;
  /** Service name for log lines ('chain', 'crust'). */
  name?: string;
}

/**
 * The chain: blocks with their full state, a transaction pool, block production and the
 * events clients subscribe to ('block' for new best blocks, 'finalized', 'runtime' for an
 * upgrade's block, 'pooled', 'halted'). What each step does lives beside it: building a block
 * (block-builder.ts), checking a transaction (transaction-validity.ts), fees (fees.ts), the
 * archive of blocks and states (block-archive.ts), runtime upgrades (runtime-upgrades.ts),
 * finality (finality.ts) and the dev methods' overrides (dev-overrides.ts).
 */
export class ChainNode extends EventEmitter {
  readonly #runtimes: RuntimeHistory;
  readonly #archive = new BlockArchive();
  readonly #finality: Finality;
  readonly #overrides = new NextBlockOverrides();
  genesisHash = '';
  readonly name: string;
  readonly #pool = new TxPool<PoolEntry>();
  #sink: BlockSink | null = null;
  /** The block being built and written: blocks are produced one after another. */
  #production: Promise<unknown> = Promise.resolve();
  #stopped = false;
  #halted: ChainHaltedError | null = null;

  constructor(runtime: Runtime, options: NodeOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.#runtimes = new RuntimeHistory(runtime);
    this.name = options.name ?? 'chain';
    this.#finality = new Finality(options.finalityDelayMs ?? 400, {
      halted: () => this.#halted !== null,
      record: (block) => this.#sink?.finalized(block),
      halt: (message) => this.#halt(message),
      announce: (block, included) => {
        for (const tx of included) tx.onStatus?.({ finalized: block.hash });
        this.emit('finalized', block);
      },
    });
  }

  static async create(runtime: Runtime, options?: NodeOptions): Promise<ChainNode> {
    await cryptoWaitReady();
    return new ChainNode(runtime, options);
  }

  /** Every block, by hash (an archive node). */
  get blocks(): ReadonlyMap<string, Block> {
    return this.#archive.blocks;
  }

  get hashByNumber(): ReadonlyMap<number, string> {
    return this.#archive.hashByNumber;
  }

  get best(): Block {
    return this.#archive.best;
  }

  get finalized(): Block {
    return this.#finality.finalized;
  }

  /** The runtime of the best block (the one new blocks and transactions use). */
  get runtime(): Runtime {
    return this.#runtimes.current;
  }

  /** The runtime a block's state runs (the upgraded one from the block that applied it on). */
  runtimeAt(block: Pick<Block, 'number'>): Runtime {
    return this.#runtimes.at(block.number);
  }

  blockAt(hash?: string | null): Block | undefined {
    return hash ? this.#archive.blocks.get(hash) : this.best;
  }

  /** Runs a read-only call against a block's state (payment info, nonce). */
  readContext(hash?: string): ExecContext {
    const block = this.blockAt(hash) ?? this.best;
    return this.runtimeAt(block).context(
      new WorkingState(block.state),
      block.number,
      block.timestamp,
    );
  }

  // ---------------------------------------------------------------- genesis and restore

  /** Genesis: the runtime's genesis storage (dev accounts…), then System and Timestamp. */
  initGenesis(now = BigInt(Date.now())): void {
    const state = genesisState(this.runtime, now);
    const fields = sealBlock(this.runtime, {
      number: 0,
      parentHash: `0x${'00'.repeat(32)}`,
      state,
      changes: new Map(state),
      extrinsics: [],
      timestamp: now,
    });
    this.genesisHash = fields.hash;
    const block = this.#archive.block(fields);
    this.#archive.adopt(block, state);
    this.#finality.finalized = block;
  }

  /**
   * Restores the chain from its stored blocks (oldest first, genesis with its whole state as
   * changes), rebuilding the states block by block.
   */
  restore(
    genesisHash: string,
    blocks: (Omit<BlockFields, 'changes' | 'timestamp'> & {
      changes: Iterable<[string, string | null]>;
      timestamp: bigint | string;
    })[],
    finalizedHash: string,
  ): void {
    this.genesisHash = genesisHash;
    const running: StateMap = new Map();
    const newest = blocks.at(-1)?.number ?? 0;
    for (const stored of blocks) {
      const changes: StateChanges = new Map(stored.changes);
      applyChanges(running, changes);
      const code = stored.number > 0 ? changes.get(CODE_KEY) : undefined;
      if (code) this.#runtimes.replay(stored.number, code);
      const block = this.#archive.block({
        ...stored,
        changes,
        timestamp: BigInt(stored.timestamp),
      });
      const keep = BlockArchive.keepsState(stored.number, newest);
      this.#archive.adopt(block, keep ? new Map(running) : null);
    }
    this.#finality.finalized = this.#archive.blocks.get(finalizedHash) ?? this.best;
  }

  // ---------------------------------------------------------------- dev levers

  /**
   * Schedules a runtime upgrade for the next block, as a parachain applies a new validation
   * function: in that block's initialisation `:code` changes, System.LastRuntimeUpgrade is set,
   * System.CodeUpdated is deposited and the header carries RuntimeEnvironmentUpdated; from that
   * block on the new runtime answers (see docs/json-rpc.md). Throws for an impossible upgrade.
   */
  scheduleUpgrade(upgrade: RuntimeUpgrade): Runtime {
    if (this.#halted) throw this.#halted;
    return this.#runtimes.schedule(upgrade);
  }

  /** Moves the chain clock: the next blocks take timestamps from here on. */
  timeTravel(ms: bigint): void {
    this.#overrides.timeTravel(ms);
  }

  /** Storage changes the next block applies before anything else runs (dev_setStorage). */
  setStorage(changes: Iterable<[string, string | null]>): void {
    this.#overrides.setStorage(changes);
  }

  // ---------------------------------------------------------------- durability

  /** Writes every later block and finality mark through `sink` before announcing it. */
  attachSink(sink: BlockSink): void {
    this.#sink = sink;
  }

  /** Set once block production stopped (a block could not be written). */
  get halted(): ChainHaltedError | null {
    return this.#halted;
  }

  #halt(message: string): ChainHaltedError {
    if (!this.#halted) {
      this.#halted = new ChainHaltedError(`block production stopped: ${message}`);
      console.error(`devnet: ${this.name}: ${this.#halted.message}`);
      this.#finality.cancel();
      this.emit('halted', this.#halted);
    }
    return this.#halted;
  }

  // ---------------------------------------------------------------- pool

  /** Era and signature checks against the best block. */
  #signing(): SigningContext {
    return {
      genesisHash: this.genesisHash,
      nextNumber: this.best.number + 1,
      hashAt: (n) => this.hashByNumber.get(n) ?? null,
    };
  }

  /** The best block's state, as the next block's transactions are checked against it. */
  #bestContext(): ExecContext {
    return this.runtime.context(
      new WorkingState(this.best.state),
      this.best.number + 1,
      this.best.timestamp,
    );
  }

  /** The nonce the next transaction of an account should use, counting pooled ones. */
  nextIndex(who: Uint8Array): number {
    return this.#pool.nextNonce(who, readAccount(this.#bestContext(), who).nonce);
  }

  get pending(): string[] {
    return [...this.#pool.values()].map((t) => t.hex);
  }

  /** How many pooled transactions are ready and how many wait for an earlier nonce. */
  get poolCounts(): { ready: number; future: number } {
    return this.#pool.counts;
  }

  /**
   * Checks a transaction as the runtime's TaggedTransactionQueue would, without pooling it:
   * its signer and nonce, the nonce the account is at, and how long it stays valid (the last
   * block number it may go into). Throws PoolError as submission answers.
   */
  validateTransaction(hex: string): { tx: SignedTx; accountNonce: number } {
    if (this.#halted) throw this.#halted;
    refuseOversized(this.runtime, hex);
    return checkTransaction(this.runtime, this.#signing(), this.#bestContext(), hex);
  }

  /**
   * Validates and pools a transaction, as a node's pool does: banned hashes first (1012), then
   * decoding (1002), validity (1010, 1011), duplicates (1013, 1014) and the queue limits (1016).
   */
  submit(
    hex: string,
    onStatus?: (status: TxStatus) => void,
  ): { hash: string; status: 'ready' | 'future' } {
    if (this.#halted) throw this.#halted;
    refuseOversized(this.runtime, hex);
    const hash = extrinsicHash(hex);
    if (this.#pool.isBanned(hash)) throw temporarilyBanned();
    if (this.#pool.has(hash)) throw new PoolError(1013, 'Transaction Already Imported', hash);
    let checked: { tx: SignedTx; accountNonce: number };
    try {
      checked = checkTransaction(this.runtime, this.#signing(), this.#bestContext(), hex);
    } catch (error) {
      // A node bans what it found invalid, so the same bytes are not checked again for a while.
      if (error instanceof PoolError && error.code === 1010) this.#pool.ban(hash);
      throw error;
    }
    const { tx, accountNonce } = checked;
    if (this.#pool.find(tx.signer, tx.nonce)) {
      throw new PoolError(
        1014,
        'Priority is too low: (0 vs 0)',
        'The transaction has too low priority to replace another transaction already in the pool.',
      );
    }
    const entry: PoolEntry = { ...tx, onStatus };
    const status = this.#pool.add(entry, accountNonce);
    this.emit('pooled', entry.hash);
    return { hash: tx.hash, status };
  }

  // ---------------------------------------------------------------- blocks

  /**
   * Builds and seals the next block, writes it through the sink, and only then makes it the
   * best block and announces it. If it cannot be written, block production stops. Calls queue:
   * each block is built on the one before.
   */
  buildBlock(): Promise<Block> {
    const run = this.#production.then(() => this.#produce());
    this.#production = run.catch(() => {});
    return run;
  }

  /** Builds `count` blocks, yielding to other work between them. */
  async buildBlocks(count: number): Promise<Block> {
    let block = this.best;
    for (let i = 0; i < count; i++) block = await this.buildBlock();
    return block;
  }

  async #produce(): Promise<Block> {
    if (this.#halted) throw this.#halted;
    if (this.#stopped) throw new ChainHaltedError(`${this.name} stopped`);
    const parent = this.best;
    const upgrade = this.#runtimes.takeFor(parent.number + 1);
    try {
      return await this.#produceOn(parent, upgrade);
    } catch (error) {
      if (upgrade && this.best === parent) this.#runtimes.forgetLast();
      throw error;
    }
  }

  async #produceOn(parent: Block, upgrade: PendingUpgrade | null): Promise<Block> {
    const overrides = this.#overrides.current();
    // Transactions signed for the old spec version no longer verify: the pool drops them as
    // the new runtime revalidates it, before any goes into the upgrade's block.
    const unverifiable = upgrade ? this.#dropUnverifiable() : [];
    const built = buildBlock({
      runtime: this.runtime,
      parent,
      now: timestampAfter(parent.timestamp, overrides.time),
      storage: overrides.storage,
      upgrade,
      pool: this.#pool,
    });
    const block = this.#archive.block(built.fields);
    try {
      await this.#sink?.block(block);
    } catch (error) {
      throw this.#halt((error as Error).message);
    }
    // Written: from here on the block exists.
    this.#archive.adopt(block, built.state);
    this.#overrides.spend(overrides);
    const { included } = built;
    const invalid = [...unverifiable, ...built.invalid];
    const expired = this.#settlePool(block, included, invalid);
    for (const tx of invalid) tx.onStatus?.('invalid');
    for (const tx of expired) tx.onStatus?.('invalid');
    for (const tx of included) tx.onStatus?.({ inBlock: block.hash });
    this.emit('block', block);
    if (upgrade) this.emit('runtime', block);
    this.#finality.schedule(block, included);
    return block;
  }

  /** Takes the pooled transactions that no longer verify out of the pool. */
  #dropUnverifiable(): PoolEntry[] {
    const signing = this.#signing();
    const dropped: PoolEntry[] = [];
    for (const tx of [...this.#pool.values()]) {
      if (!stillVerifies(this.runtime, signing, tx.hex)) {
        this.#pool.remove(tx);
        dropped.push(tx);
      }
    }
    return dropped;
  }

  /**
   * The pool after `block`: what it included or found invalid leaves and stays banned, what
   * expired with it leaves, and the senders' remaining transactions are ready or future again
   * by their accounts' new nonces. Answers the expired transactions.
   */
  #settlePool(block: Block, included: PoolEntry[], invalid: PoolEntry[]): PoolEntry[] {
    const touched = new Map<string, Uint8Array>();
    for (const tx of [...included, ...invalid]) {
      this.#pool.remove(tx);
      this.#pool.ban(tx.hash);
      touched.set(u8aToHex(tx.signer), tx.signer);
    }
    const expired: PoolEntry[] = [];
    for (const tx of this.#pool.values()) if (tx.death < block.number + 1) expired.push(tx);
    for (const tx of expired) {
      this.#pool.remove(tx);
      touched.set(u8aToHex(tx.signer), tx.signer);
    }
    const accounts = this.#bestContext();
    for (const signer of touched.values()) {
      this.#pool.refresh(signer, readAccount(accounts, signer).nonce);
    }
    return expired;
  }

  /** Stops producing: waits for a block being written, drops the pool's transactions. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#finality.cancel();
    await this.#production;
    for (const tx of this.#pool.clear()) tx.onStatus?.('dropped');
  }
}
