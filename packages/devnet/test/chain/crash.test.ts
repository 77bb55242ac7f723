import { describe, expect, it } from 'vitest';
import { crashRun } from './crash-stream.ts';

/** Kills per run: a few in the suite; `npm run bench` (or DEVNET_CRASH_KILLS=20) runs more. */
const KILLS = Number(process.env.DEVNET_CRASH_KILLS ?? 3);

describe('kill -9 under a transaction stream', () => {
  it(
    'keeps every transaction it reported inBlock, and every block',
    async () => {
      const result = await crashRun({ kills: KILLS, seed: 7 });
      console.log(
        `crash test: ${result.kills} kills, ${result.reported} transactions reported inBlock, ${result.lost} lost, ${result.blocks} blocks retrievable`,
      );
      expect(result.kills).toBe(KILLS);
      expect(result.reported).toBeGreaterThanOrEqual(10 * KILLS);
      expect(result.lost).toBe(0);
      expect(result.blocks).toBeGreaterThan(1);
    },
    60_000 + KILLS * 30_000,
  );
});
