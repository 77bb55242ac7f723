import { EventEmitter } from 'node:events';
import type { Call } from '@polkadot/types/interfaces';
import { hexToU8a, stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex, blake2AsU8a, cryptoWaitReady } from '@polkadot/util-crypto';
import { DispatchFailure, ExecContext, type Origin } from './context.ts';
import {
  decodeExtrinsic,
  extrinsicHash,
  invalid,
  PoolError,
  type SignedTx,
  verifyExtrinsic,
} from './extrinsic.ts';
import { credit, debit, readAccount, writeAccount } from './pallets/balances.ts';
import { TxPool, temporarilyBanned } from './pool.ts';
import type { Runtime, RuntimeUpgrade } from './runtime.ts';
import { applyChanges, type StateChanges, type StateMap, WorkingState } from './state.ts';

export const XRT = 1_000_000_000n;
export const DEV_ENDOWMENT = 1_000_000n * XRT;
/** "modl" ++ "PotStake": the collator pot that receives the fees. */
export const POT_ACCOUNT = u8aConcat(stringToU8a('modlPotStake'), new Uint8Array(20));
const HASH69 = `0x${'45'.repeat(32)}`;
/** The well-known storage key of the runtime code, `:code`. */
export const CODE_KEY = '0x3a636f6465';
/** What the devnet writes as `:code` for an upgrade: a marker and the upgrade as JSON. */
const CODE_MARKER = 'devnet-runtime-upgrade:';

/** The `:code` value of an upgrade (the devnet runs TypeScript, not WebAssembly). */
export function codeOfUpgrade(upgrade: RuntimeUpgrade): string {
  return u8aToHex(
    stringToU8a(
      `${CODE_MARKER}${JSON.stringify(upgrade, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
    ),
  );
}

/** The upgrade a `:code` value describes, or null for any other value. */
export function upgradeOfCode(code: string): RuntimeUpgrade | null {
  const text = new TextDecoder().decode(hexToU8a(code));
  if (!text.startsWith(CODE_MARKER)) return null;
  return JSON.parse(text.slice(CODE_MARKER.length)) as RuntimeUpgrade;
}
/** Recent blocks whose whole state stays in memory (BlockHashCount is 250). */
export const KEPT_STATES = 256;
/** Older blocks keep their whole state every this many blocks; others rebuild from there. */
export const STATE_CHECKPOINT_EVERY = 256;
/** Rebuilt states of old blocks kept for further queries. */
const REBUILT_STATES = 4;
/**
 * How long block production may spend applying transactions before it seals the block and
 * leaves the rest for the next one (a node's proposer works to a deadline too), so a full pool
 * never holds up the RPC server.
 */
const BLOCK_BUILD_BUDGET_MS = 40;

export interface Block {
  number: number;
  hash: string;
  parentHash: string;
  header: HeaderJson;
  headerHex: string;
  extrinsics: string[];
  /** The storage this block changed against its parent (for genesis: all of it). */
  changes: StateChanges;
  /** The whole storage after this block (rebuilt from a checkpoint for old blocks). */
  readonly state: StateMap;
  timestamp: bigint;
}

/** Where the node writes each block and finality mark before it announces them. */
export interface BlockSink {
  /** Resolves once `block` is durably written; a rejection stops block production. */
  block(block: Block): Promise<void> | void;
  finalized(block: Block): Promise<void> | void;
}

/** Block production stopped because a block or finality mark could not be written. */
export class ChainHaltedError extends Error {
  override name = 'ChainHaltedError';
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

export interface PoolEntry extends SignedTx {
  onStatus?: (status: TxStatus) => void;
}

export interface NodeOptions {
  /** Finality lag: a block is finalized this long after it was built. */
  finalityDelayMs?: number;
  /** Service name for log lines ('chain', 'crust'). */
  name?: string;
}

type BlockFields = Omit<Block, 'state'>;

/**
 * The chain: blocks with their full state, a transaction pool, block production and the
 * events clients subscribe to ('block' for new best blocks, 'finalized').
 */
export class ChainNode extends EventEmitter {
  /** The runtimes the chain has run, each with the first block it runs (oldest first). */
  readonly #runtimes: { from: number; runtime: Runtime }[];
  /** An upgrade the next block applies (dev_upgradeRuntime). */
  #pendingUpgrade: { runtime: Runtime; upgrade: RuntimeUpgrade } | null = null;
  readonly blocks = new Map<string, Block>();
  readonly hashByNumber = new Map<number, string>();
  genesisHash = '';
  best!: Block;
  finalized!: Block;
  readonly name: string;
  readonly #pool: TxPool<PoolEntry>;
  #timeOverride: bigint | null = null;
  #finalityDelayMs: number;
  #finalityTimers = new Set<NodeJS.Timeout>();
  /** Whole states by block number: the last KEPT_STATES blocks and the checkpoints. */
  readonly #states = new Map<number, StateMap>();
  readonly #rebuilt = new Map<number, StateMap>();
  #sink: BlockSink | null = null;
  /** The block being built and written: blocks are produced one after another. */
  #production: Promise<unknown> = Promise.resolve();
  #stopped = false;
  #halted: ChainHaltedError | null = null;
  /** dev_setStorage changes waiting for the next block. */
  #storageOverrides: StateChanges = new Map();

  constructor(runtime: Runtime, options: NodeOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.#runtimes = [{ from: 0, runtime }];
    this.name = options.name ?? 'chain';
    this.#finalityDelayMs = options.finalityDelayMs ?? 400;
    this.#pool = new TxPool<PoolEntry>();
  }

  /** The runtime of the best block (the one new blocks and transactions use). */
  get runtime(): Runtime {
    return this.#runtimes.at(-1)!.runtime;
  }

  /** The runtime a block's state runs (the upgraded one from the block that applied it on). */
  runtimeAt(block: Pick<Block, 'number'>): Runtime {
    for (let i = this.#runtimes.length - 1; i > 0; i--) {
      if (this.#runtimes[i]!.from <= block.number) return this.#runtimes[i]!.runtime;
    }
    return this.#runtimes[0]!.runtime;
  }

  /**
   * Schedules a runtime upgrade for the next block, as a parachain applies a new validation
   * function: in that block's initialisation `:code` changes, System.LastRuntimeUpgrade is set,
   * System.CodeUpdated is deposited and the header carries RuntimeEnvironmentUpdated; from that
   * block on the new runtime answers (see docs/json-rpc.md). Throws for an impossible upgrade.
   */
  scheduleUpgrade(upgrade: RuntimeUpgrade): Runtime {
    if (this.#halted) throw this.#halted;
    if (this.#pendingUpgrade) throw new Error('an upgrade is already waiting for the next block');
    const runtime = this.runtime.upgraded(upgrade);
    this.#pendingUpgrade = { runtime, upgrade };
    return runtime;
  }

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
      for (const timer of this.#finalityTimers) clearTimeout(timer);
      this.#finalityTimers.clear();
      this.emit('halted', this.#halted);
    }
    return this.#halted;
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
    // Every chain has its runtime code in storage; clients key their metadata by its hash.
    work.set(CODE_KEY, codeOfUpgrade({ specVersion: this.runtime.version.specVersion }));
    ctx.write('system', 'blockHash', [0], HASH69);
    ctx.write('system', 'number', [], 0);
    // An empty event list rather than no value: dedot's event watchers read it from the start.
    ctx.write('system', 'events', [], []);
    ctx.write('timestamp', 'now', [], now);
    const state = work.flatten();
    const block = this.#seal(0, `0x${'00'.repeat(32)}`, state, new Map(state), [], now);
    this.genesisHash = block.hash;
    this.#adopt(block, state);
    this.finalized = block;
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
    const last = blocks.at(-1)?.number ?? 0;
    for (const stored of blocks) {
      const changes: StateChanges = new Map(stored.changes);
      applyChanges(running, changes);
      const code = stored.number > 0 ? changes.get(CODE_KEY) : undefined;
      if (code) {
        const upgrade = upgradeOfCode(code);
        if (upgrade) {
          this.#runtimes.push({ from: stored.number, runtime: this.runtime.upgraded(upgrade) });
        }
      }
      const block = this.#makeBlock({
        ...stored,
        changes,
        timestamp: BigInt(stored.timestamp),
      });
      const keep =
        stored.number % STATE_CHECKPOINT_EVERY === 0 || stored.number > last - KEPT_STATES;
      this.#adopt(block, keep ? new Map(running) : null);
    }
    this.finalized = this.blocks.get(finalizedHash) ?? this.best;
  }

  /** A block whose `state` comes from the kept states, or is rebuilt from a checkpoint. */
  #makeBlock(fields: BlockFields): Block {
    const node = this;
    return {
      ...fields,
      get state(): StateMap {
        return node.#stateOf(this.number);
      },
    };
  }

  #stateOf(number: number): StateMap {
    const kept = this.#states.get(number) ?? this.#rebuilt.get(number);
    if (kept) return kept;
    const base = number - (number % STATE_CHECKPOINT_EVERY);
    const state = new Map(this.#states.get(base));
    for (let n = base + 1; n <= number; n++) {
      applyChanges(state, this.blocks.get(this.hashByNumber.get(n)!)!.changes);
    }
    this.#rebuilt.set(number, state);
    if (this.#rebuilt.size > REBUILT_STATES) {
      this.#rebuilt.delete(this.#rebuilt.keys().next().value!);
    }
    return state;
  }

  #context(
    work: WorkingState,
    number: number,
    now: bigint,
    runtime: Runtime = this.runtime,
  ): ExecContext {
    return new ExecContext(runtime, work, number, now, (ctx, call, origin) =>
      runtime.logic.dispatch(ctx, call, origin),
    );
  }

  #seal(
    number: number,
    parentHash: string,
    state: StateMap,
    changes: StateChanges,
    extrinsics: string[],
    timestamp: bigint,
    upgraded = false,
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
            ...(upgraded
              ? [registry.createType('DigestItem', 'RuntimeEnvironmentUpdated').toHex()]
              : []),
          ];
    const header = registry.createType('Header', {
      parentHash,
      number,
      stateRoot,
      extrinsicsRoot,
      digest: { logs: digest },
    });
    return this.#makeBlock({
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
      changes,
      timestamp,
    });
  }

  /**
   * Makes `block` the best block. Every block stays (an archive node); whole states stay for
   * the last KEPT_STATES blocks and every STATE_CHECKPOINT_EVERY-th block.
   */
  #adopt(block: Block, state: StateMap | null): void {
    this.blocks.set(block.hash, block);
    this.hashByNumber.set(block.number, block.hash);
    if (state) this.#states.set(block.number, state);
    this.best = block;
    const leaving = block.number - KEPT_STATES;
    if (leaving > 0 && leaving % STATE_CHECKPOINT_EVERY !== 0) this.#states.delete(leaving);
  }

  blockAt(hash?: string | null): Block | undefined {
    return hash ? this.blocks.get(hash) : this.best;
  }

  /** Moves the chain clock: the next blocks take timestamps from here on. */
  timeTravel(ms: bigint): void {
    this.#timeOverride = ms;
  }

  /** Storage changes the next block applies before anything else runs (dev_setStorage). */
  setStorage(changes: Iterable<[string, string | null]>): void {
    for (const [key, value] of changes) this.#storageOverrides.set(key, value);
  }

  // ---------------------------------------------------------------- pool

  #accountNonce(who: Uint8Array): number {
    const ctx = this.#context(
      new WorkingState(this.best.state),
      this.best.number + 1,
      this.best.timestamp,
    );
    return readAccount(ctx, who).nonce;
  }

  /** The nonce the next transaction of an account should use, counting pooled ones. */
  nextIndex(who: Uint8Array): number {
    return this.#pool.nextNonce(who, this.#accountNonce(who));
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
    return this.#validate(hex, extrinsicHash(hex), false);
  }

  #validate(hex: string, hash: string, pooling = true): { tx: SignedTx; accountNonce: number } {
    if (this.#halted) throw this.#halted;
    // Longer than a block can hold: refused before it is even hashed.
    if ((hex.length - 2) / 2 > this.runtime.blockLimits.normalLength + 5) {
      throw invalid('Transaction would exhaust the block limits');
    }
    if (pooling && this.#pool.isBanned(hash)) throw temporarilyBanned();
    if (pooling && this.#pool.has(hash)) {
      throw new PoolError(1013, 'Transaction Already Imported', hash);
    }
    let tx: SignedTx;
    let fee: bigint;
    let accountNonce: number;
    try {
      const ext = decodeExtrinsic(this.runtime, hex);
      tx = verifyExtrinsic(this.runtime, ext, {
        genesisHash: this.genesisHash,
        nextNumber: this.best.number + 1,
        hashAt: (n) => this.hashByNumber.get(n) ?? null,
      });
      const ctx = this.#context(
        new WorkingState(this.best.state),
        this.best.number + 1,
        this.best.timestamp,
      );
      const account = readAccount(ctx, tx.signer);
      accountNonce = account.nonce;
      if (tx.nonce < account.nonce) throw invalid('Transaction is outdated');
      // CheckNonce: only an existing account may sign, even a call that pays no fee (rws.call).
      if (account.providers === 0 && account.sufficients === 0) {
        throw invalid('Inability to pay some fees (e.g. account balance too low)');
      }
      fee = this.#fee(tx);
      if (
        fee > 0n &&
        account.free - account.frozen <
          fee + (account.providers > 0 ? this.runtime.existentialDeposit : 0n)
      ) {
        throw invalid('Inability to pay some fees (e.g. account balance too low)');
      }
    } catch (error) {
      // A node bans what it found invalid, so the same bytes are not checked again for a while.
      if (pooling && error instanceof PoolError && error.code === 1010) this.#pool.ban(hash);
      throw error;
    }
    return { tx, accountNonce };
  }

  /**
   * Validates and pools a transaction, as a node's pool does: banned hashes first (1012), then
   * decoding (1002), validity (1010, 1011), duplicates (1013, 1014) and the queue limits (1016).
   */
  submit(
    hex: string,
    onStatus?: (status: TxStatus) => void,
  ): { hash: string; status: 'ready' | 'future' } {
    const hash = extrinsicHash(hex);
    const { tx, accountNonce } = this.#validate(hex, hash);
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

  async #produce(): Promise<Block> {
    if (this.#halted) throw this.#halted;
    if (this.#stopped) throw new ChainHaltedError(`${this.name} stopped`);
    const parent = this.best;
    const number = parent.number + 1;
    const upgrade = this.#pendingUpgrade;
    this.#pendingUpgrade = null;
    // The upgrade's block runs the new runtime (its rules read the new constants).
    if (upgrade) this.#runtimes.push({ from: number, runtime: upgrade.runtime });
    try {
      return await this.#produceOn(parent, upgrade);
    } catch (error) {
      if (upgrade && this.best === parent) this.#runtimes.pop();
      throw error;
    }
  }

  async #produceOn(
    parent: Block,
    upgrade: { runtime: Runtime; upgrade: RuntimeUpgrade } | null,
  ): Promise<Block> {
    const number = parent.number + 1;
    const previousTime = parent.timestamp;
    const now = (() => {
      const clock = this.#timeOverride ?? BigInt(Date.now());
      return clock > previousTime ? clock : previousTime + 1n;
    })();
    const work = new WorkingState(parent.state);
    for (const [key, value] of this.#storageOverrides) work.set(key, value);
    // on_initialize sees the previous block's timestamp (the inherent has not run yet).
    const ctx = this.#context(work, number, previousTime);
    ctx.phase = 'Initialization';
    ctx.remove('system', 'events');
    ctx.remove('system', 'eventCount');
    ctx.write('system', 'number', [], number);
    ctx.write('system', 'parentHash', [], parent.hash);
    ctx.write('system', 'blockHash', [number - 1], parent.hash);
    if (upgrade) {
      // A parachain applies its new code in the initialisation of the block after the relay
      // chain allowed it: the code changes, then System records and announces it.
      const code = codeOfUpgrade(upgrade.upgrade);
      work.set(CODE_KEY, code);
      ctx.write('system', 'lastRuntimeUpgrade', [], {
        specVersion: upgrade.runtime.version.specVersion,
        specName: upgrade.runtime.version.specName,
      });
      ctx.deposit('System', 'CodeUpdated', { hash: blake2AsU8a(hexToU8a(code)) });
    }
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
    if (upgrade) {
      // Transactions signed for the old spec version no longer verify: the pool drops them as
      // the new runtime revalidates it, before any goes into the upgrade's block.
      for (const tx of [...this.#pool.values()]) {
        if (!this.#stillValid(tx)) {
          this.#pool.remove(tx);
          dropped.push(tx);
        }
      }
    }
    const started = performance.now();
    const limits = this.runtime.blockLimits;
    let length = 0;
    let refTime = 0n;
    for (const tx of this.#readyInOrder(ctx)) {
      // Block limits (length, weight) and the build budget leave the rest for the next block.
      const weight = this.runtime.logic.callWeight(tx.call).refTime;
      if (
        included.length > 0 &&
        (length + tx.length > limits.normalLength ||
          refTime + weight > limits.normalRefTime ||
          performance.now() - started > BLOCK_BUILD_BUDGET_MS)
      ) {
        break;
      }
      const index = extrinsics.length;
      const outcome = this.#apply(ctx, tx, index);
      if (outcome === 'invalid') dropped.push(tx);
      else {
        extrinsics.push(tx.hex);
        included.push(tx);
        length += tx.length;
        refTime += weight;
      }
    }
    ctx.phase = 'Finalization';
    const events = work.events;
    ctx.write('system', 'eventCount', [], events.length);
    work.set(
      this.runtime.key('system', 'events'),
      u8aToHex(u8aConcat(this.#compact(events.length), ...events)),
    );
    const state = work.flatten();
    const block = this.#seal(
      number,
      parent.hash,
      state,
      work.changes(),
      extrinsics,
      now,
      upgrade !== null,
    );
    try {
      await this.#sink?.block(block);
    } catch (error) {
      throw this.#halt((error as Error).message);
    }
    // Written: from here on the block exists.
    this.#adopt(block, state);
    this.#timeOverride = null;
    this.#storageOverrides = new Map();
    for (const tx of [...included, ...dropped]) {
      this.#pool.remove(tx);
      this.#pool.ban(tx.hash);
    }
    const touched = new Map<string, Uint8Array>();
    for (const tx of [...included, ...dropped]) touched.set(u8aToHex(tx.signer), tx.signer);
    const expired: PoolEntry[] = [];
    for (const tx of this.#pool.values()) if (tx.death < number + 1) expired.push(tx);
    for (const tx of expired) {
      this.#pool.remove(tx);
      touched.set(u8aToHex(tx.signer), tx.signer);
    }
    for (const signer of touched.values()) this.#pool.refresh(signer, this.#accountNonce(signer));
    for (const tx of dropped) tx.onStatus?.('invalid');
    for (const tx of expired) tx.onStatus?.('invalid');
    for (const tx of included) tx.onStatus?.({ inBlock: block.hash });
    this.emit('block', block);
    if (upgrade) this.emit('runtime', block);
    this.#scheduleFinality(block, included);
    return block;
  }

  #stillValid(tx: PoolEntry): boolean {
    try {
      verifyExtrinsic(this.runtime, decodeExtrinsic(this.runtime, tx.hex), {
        genesisHash: this.genesisHash,
        nextNumber: this.best.number + 1,
        hashAt: (n) => this.hashByNumber.get(n) ?? null,
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Builds `count` blocks, yielding to other work between them. */
  async buildBlocks(count: number): Promise<Block> {
    let block = this.best;
    for (let i = 0; i < count; i++) block = await this.buildBlock();
    return block;
  }

  #compact(n: number): Uint8Array {
    return this.runtime.registry.createType('Compact<u32>', n).toU8a();
  }

  /** Ready pool transactions, each sender's in nonce order, senders in arrival order. */
  #readyInOrder(ctx: ExecContext): PoolEntry[] {
    const ordered: PoolEntry[] = [];
    for (const sender of this.#pool.senders()) {
      const mine = this.#pool.ofSender(hexToU8a(sender));
      let nonce = readAccount(ctx, hexToU8a(sender)).nonce;
      for (const [n, tx] of [...mine].sort((a, b) => a[0] - b[0])) {
        if (n < nonce) {
          ordered.push(tx); // stale now: apply() will drop it as invalid
          continue;
        }
        if (n !== nonce) break;
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
    // Finalized never follows inBlock in the same tick: clients would miss InBlock.
    const timer = setTimeout(async () => {
      this.#finalityTimers.delete(timer);
      if (this.#halted || block.number <= this.finalized.number) return;
      try {
        await this.#sink?.finalized(block);
      } catch (error) {
        this.#halt((error as Error).message);
        return;
      }
      if (block.number <= this.finalized.number) return;
      this.finalized = block;
      for (const tx of included) tx.onStatus?.({ finalized: block.hash });
      this.emit('finalized', block);
    }, this.#finalityDelayMs);
    this.#finalityTimers.add(timer);
  }

  /** Runs a read-only call against a block's state (payment info, nonce). */
  readContext(hash?: string): ExecContext {
    const block = this.blockAt(hash) ?? this.best;
    return this.#context(
      new WorkingState(block.state),
      block.number,
      block.timestamp,
      this.runtimeAt(block),
    );
  }

  /** Stops producing: waits for a block being written, drops the pool's transactions. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#finalityTimers) clearTimeout(timer);
    this.#finalityTimers.clear();
    await this.#production;
    for (const tx of this.#pool.clear()) tx.onStatus?.('dropped');
  }
}
