// Chain store figures for `npm run bench`: the time to write each block durably (append to the
// journal and fdatasync, off the event loop) under a transaction load, the journal's size, and
// the time a restart takes to replay it. The store before the journal rewrote and synced the whole chain file per
// block: 100 ms median, 180 ms p90, 375 ms max for this same load (a 14.3 MB file).
import type { KeyringPair } from '@polkadot/keyring/types';
import { blockRecord, ChainStore } from '../src/chain/blocks/persistence.ts';
import { ChainNode } from '../src/chain/node/node.ts';
import { robonomicsDescription } from '../src/chain/pallets/robonomics.ts';
import { Runtime } from '../src/chain/runtime/runtime.ts';
import { devPair, recordCall, signedHex } from '../src/chain/test-support.ts';
import { removeDir, tempDir } from '../src/common/test-support.ts';

const BLOCKS = 200;
const TX_PER_BLOCK = 24;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const runtime = new Runtime(robonomicsDescription({}));
  const node = await ChainNode.create(runtime);
  node.initGenesis();
  const dir = tempDir('devnet-bench-store-');
  try {
    const store = new ChainStore(dir, 'chain');
    const identity = { specVersion: runtime.version.specVersion };
    store.create(identity, blockRecord(node.best, node.best.changes));
    const writes: number[] = [];
    node.attachSink({
      block: async (block) => {
        const started = performance.now();
        await store.appendBlock(blockRecord(block, block.changes));
        writes.push(performance.now() - started);
      },
      finalized: (block) => store.appendFinalized(block.hash),
    });

    const senders = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'].map(devPair);
    const nonces = new Map<string, number>();
    const signed = (i: number, sender: KeyringPair) => {
      const nonce = nonces.get(sender.address) ?? 0;
      nonces.set(sender.address, nonce + 1);
      return signedHex(
        runtime,
        node,
        sender,
        recordCall(runtime, `reading ${i} ${'x'.repeat(100)}`),
        nonce,
      );
    };
    let count = 0;
    let included = 0;
    for (let b = 0; b < BLOCKS; b++) {
      for (let k = 0; k < TX_PER_BLOCK; k++) node.submit(signed(count++, senders[k % 6]!));
      included += (await node.buildBlock()).extrinsics.length - 1;
    }
    await node.stop();
    const size = store.size;
    await store.close();

    const replayStarted = performance.now();
    const again = new ChainStore(dir, 'chain');
    const loaded = again.load(identity)!;
    const restored = await ChainNode.create(runtime);
    restored.restore(loaded.genesisHash, loaded.blocks, loaded.finalizedHash);
    const replayMs = performance.now() - replayStarted;
    await again.close();
    if (restored.best.hash !== node.best.hash) throw new Error('the replayed chain differs');

    const last = writes.slice(-100).sort((a, b) => a - b);
    console.log('Devnet chain store (append-only journal, fdatasync per block)');
    console.log(
      `  ${included} datalog transactions in ${BLOCKS} blocks; journal ${(size / 1e6).toFixed(1)} MB`,
    );
    console.log(
      `  write per block (last 100): median ${percentile(last, 0.5).toFixed(2)} ms, p90 ${percentile(last, 0.9).toFixed(2)} ms, max ${last.at(-1)!.toFixed(2)} ms`,
    );
    console.log(`  restart replay of ${BLOCKS + 1} blocks: ${replayMs.toFixed(0)} ms`);
  } finally {
    removeDir(dir);
  }
}

await main();
