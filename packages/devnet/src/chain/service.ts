import type { DevnetOptions, ServiceHandle } from '../common/options.ts';
import { blockRecord, ChainStore } from './blocks/persistence.ts';
import { ChainNode } from './node/node.ts';
import { robonomicsDescription } from './pallets/robonomics.ts';
import { startRpcServer } from './rpc/server.ts';
import { Runtime } from './runtime/runtime.ts';
import { seedScenario } from './seed.ts';

export interface ChainServiceHandle extends ServiceHandle {
  node: ChainNode;
  /** Whether the chain started from genesis (nothing was persisted). */
  fresh: boolean;
}

/** How one chain of the engine is served: which runtime, under which name, folder and port. */
export interface ServeChainConfig {
  /** Service name (the handle's name). */
  name: string;
  runtime: Runtime;
  /** Its folder in the data dir. */
  folder: string;
  port: number;
  /** Extra values a restart must find unchanged (with the spec version). */
  storeMeta?: { auctionDuration?: number };
}

/**
 * The Robonomics parachain stand-in: real metadata and pallet rules behind Substrate's legacy
 * JSON-RPC, a block every `blockTimeMs` (or right after each transaction with `instant`), and
 * the chain kept in the data dir across restarts.
 */
export async function startChainService(options: DevnetOptions): Promise<ChainServiceHandle> {
  const runtime = new Runtime(robonomicsDescription({ auctionDuration: options.auctionDuration }));
  const handle = await serveChain(options, {
    name: 'chain',
    runtime,
    folder: 'chain',
    port: options.ports.chain,
    storeMeta: { auctionDuration: runtime.auctionDuration },
  });
  if (options.seed && handle.fresh) {
    await seedScenario(handle.url, { sealWithNewBlock: !options.instant }).catch(
      async (error: unknown) => {
        await handle.stop();
        throw new Error(`the demo scenario could not be written: ${(error as Error).message}`);
      },
    );
  }
  return handle;
}

/**
 * Runs a chain of the engine: genesis or the stored chain, block production on a timer or
 * instant seal, every block written to the chain's journal before it is announced, and the
 * JSON-RPC server.
 */
export async function serveChain(
  options: DevnetOptions,
  config: ServeChainConfig,
): Promise<ChainServiceHandle> {
  const { runtime } = config;
  const node = await ChainNode.create(runtime, { name: config.name });
  const store = new ChainStore(options.dataDir, config.folder);
  if (options.reset) store.reset();
  const identity = { specVersion: runtime.version.specVersion, ...config.storeMeta };
  const loaded = store.load(identity);
  if (loaded) {
    node.restore(loaded.genesisHash, loaded.blocks, loaded.finalizedHash);
    if (loaded.droppedBytes > 0) {
      console.log(
        `devnet: ${config.name}: cut off ${loaded.droppedBytes} bytes of a block write that a stop interrupted; the chain continues at #${node.best.number}`,
      );
    }
  } else {
    node.initGenesis();
    store.create(identity, blockRecord(node.best, node.best.changes));
  }
  node.attachSink({
    block: (block) =>
      store.appendBlock(blockRecord(block, block.changes)).catch((error: Error) => {
        throw new Error(
          `could not write block #${block.number} to ${store.file}: ${error.message}`,
        );
      }),
    finalized: (block) =>
      store.appendFinalized(block.hash).catch((error: Error) => {
        throw new Error(
          `could not record block #${block.number} as final in ${store.file}: ${error.message}`,
        );
      }),
  });

  let sealTimer: NodeJS.Timeout | null = null;
  let interval: NodeJS.Timeout | null = null;
  let stopping = false;
  // dev_holdBlocks: while held, neither the timer nor instant seal builds a block.
  let held = false;
  const produce = async () => {
    if (held) return;
    if (node.halted) {
      // The node logged why; no timer keeps trying.
      if (interval) clearInterval(interval);
      return;
    }
    try {
      await node.buildBlock();
    } catch (error) {
      if (node.halted || stopping) return;
      console.error(`devnet: ${config.name} block production failed:`, error);
    }
  };
  if (!options.instant) {
    // A block per interval; a tick that finds the previous block still being written skips.
    let busy = false;
    interval = setInterval(() => {
      if (busy) return;
      busy = true;
      void produce().finally(() => {
        busy = false;
      });
    }, options.blockTimeMs);
  }
  // Instant seal: one block shortly after a burst of submissions, and another while ready
  // transactions remain (what did not fit the last block's limits or build budget).
  const scheduleSeal = () => {
    if (!options.instant || sealTimer || held) return;
    sealTimer = setTimeout(async () => {
      await produce();
      sealTimer = null;
      if (node.poolCounts.ready > 0 && !node.halted && !stopping) scheduleSeal();
    }, 5);
  };

  const rpc = await startRpcServer(node, {
    host: options.host,
    port: config.port,
    allowedOrigins: options.allowedOrigins,
    onSubmit: scheduleSeal,
    newBlocks: async (count) => (await node.buildBlocks(count)).hash,
    holdBlocks: (hold) => {
      held = hold;
      if (!held && node.poolCounts.ready > 0) scheduleSeal();
    },
  }).catch(async (error: unknown) => {
    // The port is taken, for example: no timer may keep building blocks.
    if (interval) clearInterval(interval);
    await node.stop();
    await store.close();
    throw error;
  });

  return {
    name: config.name,
    url: rpc.url,
    node,
    fresh: !loaded,
    stop: async () => {
      stopping = true;
      if (interval) clearInterval(interval);
      if (sealTimer) clearTimeout(sealTimer);
      await node.stop();
      await rpc.close();
      await store.close();
    },
  };
}
