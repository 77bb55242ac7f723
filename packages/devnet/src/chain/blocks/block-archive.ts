import { applyChanges, type StateMap } from '../runtime/state.ts';
import type { Block, BlockFields } from './block.ts';

/** Recent blocks whose whole state stays in memory (BlockHashCount is 250). */
export const KEPT_STATES = 256;
/** Older blocks keep their whole state every this many blocks; others rebuild from there. */
export const STATE_CHECKPOINT_EVERY = 256;
/** Rebuilt states of old blocks kept for further queries. */
const REBUILT_STATES = 4;

/**
 * Every block of the chain (an archive node), by hash and by number, and their whole states:
 * kept for the last KEPT_STATES blocks and every STATE_CHECKPOINT_EVERY-th block, rebuilt from
 * the checkpoint below for the others (the last few rebuilt ones stay).
 */
export class BlockArchive {
  readonly blocks = new Map<string, Block>();
  readonly hashByNumber = new Map<number, string>();
  best!: Block;
  /** Whole states by block number: the last KEPT_STATES blocks and the checkpoints. */
  readonly #states = new Map<number, StateMap>();
  readonly #rebuilt = new Map<number, StateMap>();

  /** Whether a chain whose newest block is `newest` keeps the whole state of block `number`. */
  static keepsState(number: number, newest: number): boolean {
    return number % STATE_CHECKPOINT_EVERY === 0 || number > newest - KEPT_STATES;
  }

  /** A block whose `state` comes from the kept states, or is rebuilt from a checkpoint. */
  block(fields: BlockFields): Block {
    const archive = this;
    return {
      ...fields,
      get state(): StateMap {
        return archive.#stateOf(this.number);
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

  /**
   * Makes `block` the best block, with its whole state when given. The state of the block that
   * leaves the recent ones goes, unless it is a checkpoint.
   */
  adopt(block: Block, state: StateMap | null): void {
    this.blocks.set(block.hash, block);
    this.hashByNumber.set(block.number, block.hash);
    if (state) this.#states.set(block.number, state);
    this.best = block;
    const leaving = block.number - KEPT_STATES;
    if (leaving > 0 && leaving % STATE_CHECKPOINT_EVERY !== 0) this.#states.delete(leaving);
  }
}
