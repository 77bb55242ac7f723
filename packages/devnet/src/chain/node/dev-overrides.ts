import type { StateChanges, WorkingState } from '../runtime/state.ts';

/** What the dev methods asked of the next block. */
export interface Overrides {
  /** The clock from dev_timeTravel, or null for the wall clock. */
  time: bigint | null;
  /** dev_setStorage changes, applied before anything else runs. */
  storage: StateChanges;
}

/**
 * What the dev methods change for the next block: its clock (dev_timeTravel; the blocks after it
 * go on from there) and its storage (dev_setStorage). The block built with them spends them;
 * what arrives while that block is being written waits for the one after.
 */
export class NextBlockOverrides {
  #time: bigint | null = null;
  #storage: StateChanges = new Map();

  timeTravel(ms: bigint): void {
    this.#time = ms;
  }

  setStorage(changes: Iterable<[string, string | null]>): void {
    for (const [key, value] of changes) this.#storage.set(key, value);
  }

  /** The overrides as they stand, for the block about to be built. */
  current(): Overrides {
    return { time: this.#time, storage: new Map(this.#storage) };
  }

  /** The block built with `used` was made: those overrides are spent, later ones stay. */
  spend(used: Overrides): void {
    if (this.#time === used.time) this.#time = null;
    for (const [key, value] of used.storage) {
      if (this.#storage.has(key) && this.#storage.get(key) === value) this.#storage.delete(key);
    }
  }
}

/** A block's timestamp: the overridden or the wall clock, always after its parent's. */
export function timestampAfter(parentTime: bigint, clock: bigint | null): bigint {
  const now = clock ?? BigInt(Date.now());
  return now > parentTime ? now : parentTime + 1n;
}

/** Writes the storage overrides into a block's state, before anything runs. */
export function applyStorage(work: WorkingState, storage: StateChanges): void {
  for (const [key, value] of storage) work.set(key, value);
}
