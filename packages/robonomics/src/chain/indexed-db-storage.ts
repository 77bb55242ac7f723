import type { IStorage } from '@dedot/storage';

/**
 * A key-value store in the browser's IndexedDB, for what is too large for localStorage: the
 * runtime metadata kept per endpoint (about 350,000 characters each). localStorage is read whole
 * on a page's first access to it, before the page's first script can open its socket, so every
 * character kept there costs every page load; IndexedDB is read only when asked, and after the
 * first paint (docs/first-data.md, "Where the metadata is kept").
 */
export class IndexedDbStorage implements IStorage {
  readonly #name: string;
  #db: Promise<IDBDatabase> | null = null;

  constructor(name = 'robonomics-dapp-chain') {
    this.#name = name;
  }

  #open(): Promise<IDBDatabase> {
    this.#db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(this.#name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database: let it, and open again on the next use.
        db.onversionchange = () => {
          db.close();
          this.#db = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('The browser’s database is blocked.'));
    }).catch((error: unknown) => {
      this.#db = null;
      throw error;
    });
    return this.#db;
  }

  async #run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
    const db = await this.#open();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
    });
  }

  async get(key: string) {
    const value = await this.#run('readonly', (store) => store.get(key));
    return typeof value === 'string' ? value : null;
  }
  async set(key: string, value: string) {
    await this.#run('readwrite', (store) => store.put(value, key));
    return value;
  }
  async remove(key: string) {
    await this.#run('readwrite', (store) => store.delete(key));
  }
  async clear() {
    await this.#run('readwrite', (store) => store.clear());
  }
  async length() {
    return this.#run('readonly', (store) => store.count());
  }
  async keys() {
    const keys = await this.#run('readonly', (store) => store.getAllKeys());
    return keys.filter((key): key is string => typeof key === 'string');
  }
}

const STORE = 'kept';
