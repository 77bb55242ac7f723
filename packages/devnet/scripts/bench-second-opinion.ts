// The cost of checked facts before a decision, for `npm run bench`: an owner's subscription,
// device list and balance read at the final block and confirmed by a second node on loopback,
// with and without the runtime's constants (the devnet pins none, so there the second node's
// description of the runtime is read too).
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import type { MinimalWebSocket } from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import { checkFacts } from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { ownerFacts } from '@robonomics-dapp/robonomics/chain/queries/decision-facts';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { WebSocket } from 'ws';
import { removeDir } from '../src/common/test-support.ts';
import { startDevnet } from '../test/chain/devnet-process.ts';

const ROUNDS = 15;
const createSocket = (url: string) => new WebSocket(url) as unknown as MinimalWebSocket;
const CONSTANTS = [
  { label: 'the minimal bid', pallet: 'RWS', name: 'MinimalBid' },
  { label: 'the device bound', pallet: 'RWS', name: 'MaxDevicesAmount' },
];

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(1)} ms (${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)} ms, ${times.length} rounds)`;
}

async function main() {
  const devnet = await startDevnet(['--instant', '--reset', '--seed']);
  const connection = new ChainConnection(devnet.url, { cacheStorage: null });
  try {
    const client = await connection.ready();
    const facts = ownerFacts(client, ALICE);
    // The second node is the devnet under its other loopback name, as in the devnet build.
    const second = devnet.url.replace('127.0.0.1', 'localhost');
    const options = {
      connected: devnet.url,
      secondNodes: [{ endpoint: second, own: false }],
      createSocket,
    };
    for (const [name, constants] of [
      ['facts only (a pinned network)', []],
      ['facts and constants (a chain without pins)', CONSTANTS],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now();
        const checked = await checkFacts(client, facts, { ...options, constants });
        times.push(performance.now() - started);
        if (checked.confirmation.kind !== 'confirmed') throw new Error('not confirmed');
      }
      console.log(`  checked facts, ${name}: ${summary(times)}`);
    }
  } finally {
    await connection.disconnect();
    await devnet.stop();
    removeDir(devnet.dataDir);
  }
}

await main();
