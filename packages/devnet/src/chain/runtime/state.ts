/** Storage of one block: hex key → hex value (keys sorted on demand). */
export type StateMap = Map<string, string>;

/** What a block changed: hex key → new hex value, or null for a removal. */
export type StateChanges = Map<string, string | null>;

/** Applies a block's changes to a state, in place. */
export function applyChanges(state: StateMap, changes: Iterable<[string, string | null]>): void {
  for (const [key, value] of changes) {
    if (value === null) state.delete(key);
    else state.set(key, value);
  }
}

interface Layer {
  writes: Map<string, string | null>;
  events: number;
}

/**
 * The state a block is being built on, with transactional layers: a dispatch runs in its own
 * layer, and a failed one is rolled back with the events it deposited (FRAME's storage layer).
 */
export class WorkingState {
  readonly #base: StateMap;
  readonly #layers: Layer[] = [{ writes: new Map(), events: 0 }];
  /** Event records (encoded) deposited so far in this block. */
  readonly events: Uint8Array[] = [];

  constructor(base: StateMap) {
    this.#base = base;
  }

  get(key: string): string | null {
    for (let i = this.#layers.length - 1; i >= 0; i--) {
      const layer = this.#layers[i]!;
      if (layer.writes.has(key)) return layer.writes.get(key) ?? null;
    }
    return this.#base.get(key) ?? null;
  }

  set(key: string, value: string | null): void {
    this.#layers[this.#layers.length - 1]!.writes.set(key, value);
  }

  /** Keys under a prefix, sorted, as seen through every layer. */
  keys(prefix: string): string[] {
    const found = new Set<string>();
    for (const key of this.#base.keys()) if (key.startsWith(prefix)) found.add(key);
    for (const layer of this.#layers) {
      for (const [key, value] of layer.writes) {
        if (!key.startsWith(prefix)) continue;
        if (value === null) found.delete(key);
        else found.add(key);
      }
    }
    return [...found].filter((k) => this.get(k) !== null).sort();
  }

  begin(): void {
    this.#layers.push({ writes: new Map(), events: this.events.length });
  }

  commit(): void {
    const top = this.#layers.pop();
    if (!top || this.#layers.length === 0) throw new Error('commit without begin');
    const below = this.#layers[this.#layers.length - 1]!;
    for (const [key, value] of top.writes) below.writes.set(key, value);
  }

  rollback(): void {
    const top = this.#layers.pop();
    if (!top || this.#layers.length === 0) throw new Error('rollback without begin');
    this.events.length = top.events;
  }

  /** Runs `fn` in a layer: kept if it returns normally, rolled back if it throws. */
  transactional<T>(fn: () => T): T {
    this.begin();
    try {
      const result = fn();
      this.commit();
      return result;
    } catch (error) {
      this.rollback();
      throw error;
    }
  }

  /** The block's final state. */
  flatten(): StateMap {
    if (this.#layers.length !== 1) throw new Error('open layers at the end of a block');
    const result = new Map(this.#base);
    applyChanges(result, this.#layers[0]!.writes);
    return result;
  }

  /** What the block changed against its base (writes of an unchanged value left out). */
  changes(): StateChanges {
    if (this.#layers.length !== 1) throw new Error('open layers at the end of a block');
    const changes: StateChanges = new Map();
    for (const [key, value] of this.#layers[0]!.writes) {
      if ((this.#base.get(key) ?? null) !== value) changes.set(key, value);
    }
    return changes;
  }
}
