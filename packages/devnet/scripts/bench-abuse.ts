// Longest event-loop stall of the devnet under the abusive inputs of the abuse tests, for
// `npm run bench` (goal: under 50 ms each). The servers run in this process, the inputs are
// prepared before they are sent, and the clients send large frames unmasked, so what is
// measured is the servers' work.
import { startChainService } from '../src/chain/service.ts';
import { removeDir, tempDir, testOptions } from '../src/evm/test-support.ts';
import { startIpfsService } from '../src/ipfs/service.ts';
import type { ServiceHandle } from '../src/options.ts';
import { startOracleService } from '../src/oracle/service.ts';
import { startReleasesServer } from '../src/releases/releases-server.ts';
import { type AbuseCase, chainCases } from '../test/abuse/chain-cases.ts';
import { httpCases } from '../test/abuse/http-cases.ts';
import { longestStall } from '../test/abuse/loop-delay.ts';
import { RawRpc } from '../test/abuse/raw-rpc.ts';

const GOAL_MS = 50;
const ALICE = '4GzMLepDF5nKTWDM6XpB3CrBcFmwgazcVFAD3ZBNAjKT6hQJ';

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
  const handles: ServiceHandle[] = [];
  try {
    const base = testOptions(dir, { seed: true });
    const options = {
      ...base,
      ports: { ...base.ports, ipfsApi: 0, ipfsGateway: 0, oracle: 0, releases: 0 },
    };
    const chain = await startChainService(options);
    handles.push(chain);
    const running = new Map<string, ServiceHandle>([['chain', chain]]);
    const ipfs = await startIpfsService(options, running);
    handles.push(ipfs);
    const oracle = await startOracleService(options, running);
    handles.push(oracle);
    const releases = await startReleasesServer('127.0.0.1', 0);
    handles.push(releases);

    const rpc = await RawRpc.open(chain.url);
    const chainMax = await measure(
      'Devnet event-loop stall under abusive input (longest, ms; goal < 50)',
      chainCases,
      { url: chain.url, node: chain.node, rpc },
    );
    rpc.close();
    const httpMax = await measure('HTTP services', httpCases, {
      ipfsApi: ipfs.apiUrl,
      gateway: ipfs.gatewayUrl,
      oracle: oracle.url,
      releases: releases.url,
      owner: ALICE,
    });
    const longest = Math.max(chainMax, httpMax);
    console.log(
      `  longest stall under abusive input: ${longest.toFixed(0)} ms (goal < ${GOAL_MS} ms)`,
    );
  } finally {
    for (const handle of handles.reverse()) await handle.stop();
    removeDir(dir);
  }
}

await main();
