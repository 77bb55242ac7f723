// Transactions lost over 20 kill -9 under a transaction stream (goal 0), for `npm run bench`:
// the crash test's run with more kills.
import { crashRun } from '../test/chain/crash-stream.ts';

const KILLS = Number(process.env.DEVNET_CRASH_KILLS ?? 20);

const started = performance.now();
const result = await crashRun({ kills: KILLS, seed: 20 });
console.log('Devnet crash run (kill -9 under about 50 signed transactions a second)');
console.log(
  `  ${result.kills} kills: ${result.reported} transactions reported inBlock, ${result.lost} lost; ${result.blocks} blocks, all retrievable (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
if (result.lost > 0) process.exit(1);
