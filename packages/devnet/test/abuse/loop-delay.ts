import { monitorEventLoopDelay } from 'node:perf_hooks';

export { mulberry32 as seededRandom } from '../../src/common/prng.ts';

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
