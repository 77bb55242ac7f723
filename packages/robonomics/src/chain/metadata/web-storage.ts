import type { IStorage } from '@dedot/storage';

/** A metadata cache in the browser's localStorage. */
export class WebStorage implements IStorage {
  readonly #storage: Storage;

  constructor(storage: Storage = localStorage) {
    this.#storage = storage;
  }

  async get(key: string) {
    return this.#storage.getItem(key);
  }
  async set(key: string, value: string) {
    this.#storage.setItem(key, value);
    return value;
  }
  async remove(key: string) {
    this.#storage.removeItem(key);
  }
  async clear() {
    this.#storage.clear();
  }
  async length() {
    return this.#storage.length;
  }
  async keys() {
    return Array.from({ length: this.#storage.length }, (_, i) => this.#storage.key(i)!);
  }
}

/** localStorage where there is one (browsers), else null: nothing is kept. */
export function browserSummaryStore(): IStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : new WebStorage(localStorage);
  } catch {
    return null;
  }
}
