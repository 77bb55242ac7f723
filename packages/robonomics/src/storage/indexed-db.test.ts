import { describe, expect, it, vi } from 'vitest';
import { inStore, inTransaction, withDatabase } from './indexed-db.ts';

/** A transaction that the test completes or aborts, with requests whose results it sets. */
function fakeDb() {
  const transaction = {
    error: null as DOMException | null,
    oncomplete: null as (() => void) | null,
    onerror: null as (() => void) | null,
    onabort: null as (() => void) | null,
    request: { result: undefined as unknown },
    objectStore: () => ({ get: () => transaction.request }),
  };
  const db = {
    transaction: vi.fn(() => transaction),
    close: vi.fn(),
  };
  return { db: db as unknown as IDBDatabase, spy: db, transaction };
}

describe('IndexedDB transactions', () => {
  it('resolves with the request’s result only once the transaction has committed', async () => {
    const { db, transaction } = fakeDb();
    let settled = false;
    const read = inStore(db, 'kept', 'readwrite', (store) =>
      (store as unknown as { get(): IDBRequest<string> }).get(),
    ).then((value) => {
      settled = true;
      return value;
    });
    // The request has succeeded, but the transaction is still open: not kept yet.
    transaction.request.result = 'value';
    await Promise.resolve();
    expect(settled).toBe(false);
    transaction.oncomplete?.();
    await expect(read).resolves.toBe('value');
  });

  it('rejects when the transaction aborts after its request succeeded', async () => {
    const { db, transaction } = fakeDb();
    const write = inTransaction(db, ['a', 'b'], 'readwrite', () => () => 'written');
    transaction.error = new DOMException('Quota exceeded', 'QuotaExceededError');
    transaction.onabort?.();
    await expect(write).rejects.toThrow('Quota exceeded');
  });

  it('closes the database after the work, whether it succeeded or not', async () => {
    const { db, spy } = fakeDb();
    await expect(
      withDatabase(
        async () => db,
        async () => 1,
      ),
    ).resolves.toBe(1);
    await expect(
      withDatabase(
        async () => db,
        async () => {
          throw new Error('failed');
        },
      ),
    ).rejects.toThrow('failed');
    expect(spy.close).toHaveBeenCalledTimes(2);
  });
});
