import { u8aToHex } from '@polkadot/util';
import { PoolError, type SignedTx } from './extrinsic.ts';

/** What the pool needs to know of a transaction. */
export interface PooledTx {
  hash: string;
  signer: Uint8Array;
  nonce: number;
  length: number;
}

/** A watched transaction's status, as author_submitAndWatchExtrinsic sends it. */
export type TxStatus =
  | 'ready'
  | 'future'
  | { inBlock: string }
  | { finalized: string }
  | 'invalid'
  | 'dropped';

/** A transaction in the node's pool, with whoever watches it. */
export interface PoolEntry extends SignedTx {
  onStatus?: (status: TxStatus) => void;
}

export interface PoolLimits {
  /** Transactions whose nonce follows the account's (ready to go into a block). */
  readyCount: number;
  readyBytes: number;
  /** Transactions waiting for an earlier nonce (a tenth of the ready limits on a node). */
  futureCount: number;
  futureBytes: number;
}

/** A node's defaults (--pool-limit 8192, --pool-kbytes 20480; the future queue a tenth). */
export const DEFAULT_POOL_LIMITS: PoolLimits = {
  readyCount: 8192,
  readyBytes: 20 * 1024 * 1024,
  futureCount: 819,
  futureBytes: 2 * 1024 * 1024,
};

/** How long an included or invalid transaction stays banned (a node's --tx-ban-seconds 1800). */
export const BAN_MS = 30 * 60 * 1000;
/** Bans kept at most; the oldest go first. */
const MAX_BANS = 100_000;

export const immediatelyDropped = () =>
  new PoolError(
    1016,
    'Immediately Dropped',
    "The transaction couldn't enter the pool because of the limit",
  );

export const temporarilyBanned = () => new PoolError(1012, 'Transaction is temporarily banned');

interface Entry<T> {
  tx: T;
  ready: boolean;
}

/**
 * The transaction pool's bookkeeping: transactions by hash and by sender and nonce, whether each
 * is ready or waits for an earlier nonce (future), the limits of both queues, and the hashes
 * banned for a while after inclusion or refusal — as a node's pool answers them.
 */
export class TxPool<T extends PooledTx> {
  readonly limits: PoolLimits;
  readonly #byHash = new Map<string, Entry<T>>();
  readonly #bySender = new Map<string, Map<number, Entry<T>>>();
  readonly #banned = new Map<string, number>();
  #ready = { count: 0, bytes: 0 };
  #future = { count: 0, bytes: 0 };

  constructor(limits: PoolLimits = DEFAULT_POOL_LIMITS) {
    this.limits = limits;
  }

  get size(): number {
    return this.#byHash.size;
  }

  get counts() {
    return { ready: this.#ready.count, future: this.#future.count };
  }

  /** Every pooled transaction, in the order they arrived. */
  *values(): IterableIterator<T> {
    for (const entry of this.#byHash.values()) yield entry.tx;
  }

  has(hash: string): boolean {
    return this.#byHash.has(hash);
  }

  isReady(hash: string): boolean {
    return this.#byHash.get(hash)?.ready ?? false;
  }

  /** The pooled transaction of `signer` with `nonce`, if any. */
  find(signer: Uint8Array, nonce: number): T | undefined {
    return this.#bySender.get(u8aToHex(signer))?.get(nonce)?.tx;
  }

  /** The sender's pooled transactions by nonce. */
  ofSender(signer: Uint8Array): Map<number, T> {
    const entries = this.#bySender.get(u8aToHex(signer));
    return new Map([...(entries ?? [])].map(([nonce, entry]) => [nonce, entry.tx]));
  }

  /** The senders with pooled transactions (hex account ids). */
  senders(): string[] {
    return [...this.#bySender.keys()];
  }

  /** The nonce after the sender's run of pooled transactions starting at `accountNonce`. */
  nextNonce(signer: Uint8Array, accountNonce: number): number {
    const entries = this.#bySender.get(u8aToHex(signer));
    let nonce = accountNonce;
    while (entries?.has(nonce)) nonce += 1;
    return nonce;
  }

  /**
   * Adds a transaction of a sender whose on-chain nonce is `accountNonce`; answers whether it
   * is ready, or throws 1016 when the queue it joins is full.
   */
  add(tx: T, accountNonce: number): 'ready' | 'future' {
    const key = u8aToHex(tx.signer);
    const entries = this.#bySender.get(key) ?? new Map<number, Entry<T>>();
    // What becomes ready: the new transaction when it extends the run from the account nonce,
    // and the future ones it joins to that run.
    let runEnd = accountNonce;
    while (entries.has(runEnd)) runEnd += 1;
    const ready = tx.nonce === runEnd;
    const promoted: Entry<T>[] = [];
    if (ready) {
      let next = tx.nonce + 1;
      for (let entry = entries.get(next); entry; entry = entries.get(++next)) {
        if (!entry.ready) promoted.push(entry);
      }
    }
    const movedBytes = promoted.reduce((sum, e) => sum + e.tx.length, 0);
    const readyAfter = {
      count: this.#ready.count + promoted.length + (ready ? 1 : 0),
      bytes: this.#ready.bytes + movedBytes + (ready ? tx.length : 0),
    };
    const futureAfter = {
      count: this.#future.count - promoted.length + (ready ? 0 : 1),
      bytes: this.#future.bytes - movedBytes + (ready ? 0 : tx.length),
    };
    if (
      readyAfter.count > this.limits.readyCount ||
      readyAfter.bytes > this.limits.readyBytes ||
      futureAfter.count > this.limits.futureCount ||
      futureAfter.bytes > this.limits.futureBytes
    ) {
      throw immediatelyDropped();
    }
    for (const entry of promoted) entry.ready = true;
    const entry = { tx, ready };
    entries.set(tx.nonce, entry);
    this.#bySender.set(key, entries);
    this.#byHash.set(tx.hash, entry);
    this.#ready = readyAfter;
    this.#future = futureAfter;
    return ready ? 'ready' : 'future';
  }

  remove(tx: T): void {
    const entry = this.#byHash.get(tx.hash);
    if (!entry) return;
    this.#byHash.delete(tx.hash);
    const key = u8aToHex(tx.signer);
    const entries = this.#bySender.get(key)!;
    entries.delete(tx.nonce);
    if (entries.size === 0) this.#bySender.delete(key);
    const queue = entry.ready ? this.#ready : this.#future;
    queue.count -= 1;
    queue.bytes -= tx.length;
  }

  /**
   * Re-sorts a sender's transactions into ready and future against its on-chain nonce (after a
   * block changed it or left a gap).
   */
  refresh(signer: Uint8Array, accountNonce: number): void {
    const entries = this.#bySender.get(u8aToHex(signer));
    if (!entries) return;
    let next = accountNonce;
    for (const nonce of [...entries.keys()].sort((a, b) => a - b)) {
      const entry = entries.get(nonce)!;
      const ready = nonce === next;
      if (ready) next += 1;
      if (entry.ready === ready) continue;
      const [from, to] = entry.ready ? [this.#ready, this.#future] : [this.#future, this.#ready];
      from.count -= 1;
      from.bytes -= entry.tx.length;
      to.count += 1;
      to.bytes += entry.tx.length;
      entry.ready = ready;
    }
  }

  ban(hash: string, now = Date.now()): void {
    this.#banned.delete(hash);
    this.#banned.set(hash, now + BAN_MS);
    if (this.#banned.size > MAX_BANS) this.#banned.delete(this.#banned.keys().next().value!);
  }

  isBanned(hash: string, now = Date.now()): boolean {
    const until = this.#banned.get(hash);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#banned.delete(hash);
    return false;
  }

  clear(): T[] {
    const all = [...this.values()];
    this.#byHash.clear();
    this.#bySender.clear();
    this.#ready = { count: 0, bytes: 0 };
    this.#future = { count: 0, bytes: 0 };
    return all;
  }
}
