import type { IStorage } from '@dedot/storage';
import { inStore, openDatabase } from '../../storage/indexed-db.ts';

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
    this.#db ??= openDatabase(this.#name, 1, (db) => db.createObjectStore(STORE)).then(
      (db) => {
        // Another tab upgrading the database: let it, and open again on the next use.
        db.onversionchange = () => {
          db.close();
          this.#db = null;
        };
        return db;
      },
      (error: unknown) => {
        this.#db = null;
        throw error;
      },
    );
    return this.#db;
  }

  async #run<T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>) {
    return inStore(await this.#open(), STORE, mode, request);
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
