import { describe, expect, it } from 'vitest';
import { BAN_MS, type PooledTx, TxPool } from './pool.ts';

const signer = (n: number) => new Uint8Array(32).fill(n);
let counter = 0;
const tx = (who: number, nonce: number, length = 100): PooledTx => ({
  hash: `0x${(counter++).toString(16).padStart(64, '0')}`,
  signer: signer(who),
  nonce,
  length,
});

describe('transaction pool', () => {
  it('sorts transactions into ready and future, and promotes when a gap fills', () => {
    const pool = new TxPool();
    expect(pool.add(tx(1, 0), 0)).toBe('ready');
    expect(pool.add(tx(1, 2), 0)).toBe('future');
    expect(pool.add(tx(1, 3), 0)).toBe('future');
    expect(pool.counts).toEqual({ ready: 1, future: 2 });
    expect(pool.add(tx(1, 1), 0)).toBe('ready');
    expect(pool.counts).toEqual({ ready: 4, future: 0 });
    expect(pool.nextNonce(signer(1), 0)).toBe(4);
  });

  it('answers 1016 when the future queue is full, and keeps what it has', () => {
    const pool = new TxPool({
      readyCount: 10,
      readyBytes: 10_000,
      futureCount: 3,
      futureBytes: 10_000,
    });
    for (let nonce = 10; nonce < 13; nonce++) expect(pool.add(tx(2, nonce), 0)).toBe('future');
    const refused = tx(2, 13);
    expect(() => pool.add(refused, 0)).toThrow(
      expect.objectContaining({
        code: 1016,
        message: 'Immediately Dropped',
        data: "The transaction couldn't enter the pool because of the limit",
      }),
    );
    expect(pool.has(refused.hash)).toBe(false);
    expect(pool.counts).toEqual({ ready: 0, future: 3 });
    // Ready transactions still enter.
    expect(pool.add(tx(3, 0), 0)).toBe('ready');
  });

  it('counts bytes as well as transactions', () => {
    const pool = new TxPool({ readyCount: 10, readyBytes: 250, futureCount: 10, futureBytes: 250 });
    pool.add(tx(4, 0, 200), 0);
    expect(() => pool.add(tx(5, 0, 100), 0)).toThrow(expect.objectContaining({ code: 1016 }));
  });

  it('re-sorts a sender after a block moved its nonce or left a gap', () => {
    const pool = new TxPool();
    const first = tx(6, 0);
    const second = tx(6, 1);
    const third = tx(6, 2);
    for (const t of [first, second, third]) pool.add(t, 0);
    // #1 dropped as invalid: #2 now waits for it.
    pool.remove(second);
    pool.refresh(signer(6), 0);
    expect(pool.counts).toEqual({ ready: 1, future: 1 });
    // #0 included: the account's nonce is 1, and #2 still waits.
    pool.remove(first);
    pool.refresh(signer(6), 1);
    expect(pool.counts).toEqual({ ready: 0, future: 1 });
    expect(pool.isReady(third.hash)).toBe(false);
  });

  it('bans a hash for 30 minutes', () => {
    const pool = new TxPool();
    pool.ban('0xaa', 1_000);
    expect(pool.isBanned('0xaa', 1_000 + BAN_MS - 1)).toBe(true);
    expect(pool.isBanned('0xaa', 1_000 + BAN_MS)).toBe(false);
    expect(pool.isBanned('0xbb', 1_000)).toBe(false);
  });
});
