// The two chain engines side by side, for `npm run bench` and the choice of `npm start`'s
// default: start-up with the demo scenario, time to build a block, and submit-to-inBlock latency
// of a signed transaction with a block sealed per transaction (`--instant`, as npm start runs).
import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { removeDir } from '../src/common/test-support.ts';
import { startDevnet } from '../test/chain/devnet-process.ts';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Budgets of npm start's engine: ready within 60 s, a transaction in a block within 2 s. */
const STARTUP_BUDGET_MS = 60_000;
const LATENCY_BUDGET_MS = 2_000;

async function measure(engine: string) {
  let t = performance.now();
  const devnet = await startDevnet(['--engine', engine, '--instant', '--reset', '--seed']);
  const startup = performance.now() - t;
  try {
    const provider = new WsProvider(devnet.url);
    const api = await ApiPromise.create({ provider, noInitWarn: true });
    const alice = new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri('//Alice');
    const latency: number[] = [];
    for (let i = 0; i < 10; i++) {
      const tx = await api.tx.datalog.record(`latency ${i}`).signAsync(alice, { nonce: -1 });
      t = performance.now();
      await new Promise<void>((resolve, reject) => {
        tx.send((r) => {
          if (r.status.isInBlock || r.status.isFinalized) resolve();
          if (r.isError) reject(new Error(r.status.type));
        }).catch(reject);
      });
      latency.push(performance.now() - t);
    }
    const blocks = 10;
    t = performance.now();
    await provider.send('dev_newBlock', [{ count: blocks }]);
    const block = (performance.now() - t) / blocks;
    await api.disconnect();
    return { startup, latency: median(latency), block };
  } finally {
    await devnet.stop();
    removeDir(devnet.dataDir);
  }
}

async function main() {
  await cryptoWaitReady();
  let failed = false;
  console.log('Chain engines (chain service with the demo scenario, instant seal)');
  for (const engine of ['typescript', 'runtime']) {
    const r = await measure(engine);
    console.log(
      `  ${engine.padEnd(10)} start-up ${(r.startup / 1000).toFixed(1)} s, block ${r.block.toFixed(0)} ms, submit to inBlock median ${r.latency.toFixed(0)} ms of 10`,
    );
    if (r.startup > STARTUP_BUDGET_MS || r.latency > LATENCY_BUDGET_MS) {
      console.error(`  FAIL: ${engine} is over npm start's budget (60 s start-up, 2 s median)`);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
