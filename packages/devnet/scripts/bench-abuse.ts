// Longest event-loop stall of the devnet under the abusive inputs of the abuse tests, for
// `npm run bench` (goal: under 50 ms each). The servers run in this process, the inputs are
// prepared before they are sent, and the clients send large frames unmasked, so what is
// measured is the servers' work.

import { removeDir, tempDir } from '../src/common/test-support.ts';
import { type AbuseCase, chainCases } from '../test/abuse/chain-cases.ts';
import { httpCases, startHttpTargets } from '../test/abuse/http-cases.ts';
import { longestStall } from '../test/abuse/loop-delay.ts';
import { RawRpc } from '../test/abuse/raw-rpc.ts';

const GOAL_MS = 50;

async function measure<C>(label: string, cases: AbuseCase<C>[], ctx: C) {
  const rows: [string, number, boolean][] = [];
  for (const abuse of cases) {
    const prepared = await abuse.prepare?.(ctx);
    const stall = await longestStall(() => abuse.run(ctx, prepared as never));
    rows.push([abuse.name, stall, abuse.validAtLimit === true]);
  }
  console.log(label);
  for (const [name, stall, valid] of rows) {
    const note = valid ? ' (valid input at a limit)' : stall >= GOAL_MS ? '  <- over the goal' : '';
    console.log(`  ${stall.toFixed(0).padStart(5)} ms  ${name}${note}`);
  }
  return rows.filter(([, , valid]) => !valid).reduce((max, [, stall]) => Math.max(max, stall), 0);
}

async function main() {
  const dir = tempDir('devnet-bench-abuse-');
  const targets = await startHttpTargets(dir);
  try {
    const { chain } = targets;
    const rpc = await RawRpc.open(chain.url);
    const chainMax = await measure(
      'Devnet event-loop stall under abusive input (longest, ms; goal < 50)',
      chainCases,
      { url: chain.url, node: chain.node, rpc },
    );
    rpc.close();
    const httpMax = await measure('HTTP services', httpCases, targets.ctx);
    const longest = Math.max(chainMax, httpMax);
    console.log(
      `  longest stall under abusive input: ${longest.toFixed(0)} ms (goal < ${GOAL_MS} ms)`,
    );
  } finally {
    await targets.stop();
    removeDir(dir);
  }
}

await main();
