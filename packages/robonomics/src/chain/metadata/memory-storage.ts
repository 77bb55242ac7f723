import type { IStorage } from '@dedot/storage';

/** A metadata cache that lives as long as the process (Node tools and tests). */
export class MemoryStorage implements IStorage {
  #items = new Map<string, string>();

  async get(key: string) {
    return this.#items.get(key) ?? null;
  }
  async set(key: string, value: string) {
    this.#items.set(key, value);
    return value;
  }
  async remove(key: string) {
    this.#items.delete(key);
  }
  async clear() {
    this.#items.clear();
  }
  async length() {
    return this.#items.size;
  }
  async keys() {
    return [...this.#items.keys()];
  }
}
