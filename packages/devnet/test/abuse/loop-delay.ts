import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Runs `work` while sampling this process's event loop every few milliseconds, and returns the
 * longest time the loop was held up (ms) meanwhile: how long every other client of a server in
 * this process would have waited.
 */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const resolution = 5;
  const histogram = monitorEventLoopDelay({ resolution });
  const ticks = () => new Promise((resolve) => setTimeout(resolve, 3 * resolution));
  histogram.enable();
  try {
    // The sampler measures between its own timer runs: let it start before the work, and run
    // once more after it, or a stall at either end goes unseen.
    await ticks();
    await work();
    await ticks();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

/** A seeded pseudo-random generator (mulberry32), so fuzz runs repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
