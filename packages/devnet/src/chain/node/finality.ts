import type { Block } from '../blocks/block.ts';
import type { PoolEntry } from './pool.ts';

/** What finality needs of the node. */
export interface FinalityHooks {
  /** Whether block production stopped: nothing more becomes final. */
  halted(): boolean;
  /** Writes the finality mark durably before it is announced (a rejection stops the chain). */
  record(block: Block): Promise<void> | void;
  /** Recording failed: block production stops with `message`. */
  halt(message: string): void;
  /** `block` is final: its transactions' watchers and the subscribers hear of it. */
  announce(block: Block, included: PoolEntry[]): void;
}

/**
 * Finality with a lag, as a relay chain gives it: a block becomes final `delayMs` after it was
 * built, once its mark is written; a later block finalizes the ones before it.
 */
export class Finality {
  finalized!: Block;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly hooks: FinalityHooks,
  ) {}

  /** Finalizes `block` after the lag (with the transactions it included). */
  schedule(block: Block, included: PoolEntry[]): void {
    // Finalized never follows inBlock in the same tick: clients would miss InBlock.
    const timer = setTimeout(async () => {
      this.#timers.delete(timer);
      if (this.hooks.halted() || block.number <= this.finalized.number) return;
      try {
        await this.hooks.record(block);
      } catch (error) {
        this.hooks.halt((error as Error).message);
        return;
      }
      if (block.number <= this.finalized.number) return;
      this.finalized = block;
      this.hooks.announce(block, included);
    }, this.delayMs);
    this.#timers.add(timer);
  }

  /** Nothing scheduled becomes final any more. */
  cancel(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
