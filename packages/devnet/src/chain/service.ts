import type { DevnetOptions, ServiceHandle } from '../options.ts';
import { ChainNode } from './node.ts';
import { ChainStore } from './persistence.ts';
import { robonomicsDescription } from './robonomics.ts';
import { startRpcServer } from './rpc-server.ts';
import { Runtime } from './runtime.ts';
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
 * Runs a chain of the engine: genesis or the persisted chain, block production on a timer or
 * instant seal, persistence after every block, and the JSON-RPC server.
 */
export async function serveChain(
  options: DevnetOptions,
  config: ServeChainConfig,
): Promise<ChainServiceHandle> {
  const { runtime } = config;
  const node = await ChainNode.create(runtime);
  const store = new ChainStore(options.dataDir, config.folder);
  if (options.reset) store.reset();
  const meta = { specVersion: runtime.version.specVersion, ...config.storeMeta };
  const loaded = store.load(meta);
  if (loaded) node.restore(loaded.genesisHash, loaded.blocks, loaded.finalizedHash);
  else node.initGenesis();

  const save = () => {
    const blocks = [...node.blocks.values()].sort((a, b) => a.number - b.number);
    const genesis = blocks[0]!;
    store.save(
      { ...meta, genesisHash: node.genesisHash, finalizedHash: node.finalized.hash },
      genesis.number === 0 ? [genesis, ...blocks.slice(1).slice(-31)] : blocks.slice(-32),
    );
  };
  if (!loaded) save();
  node.on('block', save);

  let sealTimer: NodeJS.Timeout | null = null;
  const produce = () => {
    try {
      node.buildBlock();
    } catch (error) {
      console.error(`devnet: ${config.name} block production failed:`, error);
    }
  };
  const interval = options.instant ? null : setInterval(produce, options.blockTimeMs);

  const rpc = await startRpcServer(node, {
    host: options.host,
    port: config.port,
    onSubmit: () => {
      // Instant seal: one block shortly after a burst of submissions.
      if (!options.instant || sealTimer) return;
      sealTimer = setTimeout(() => {
        sealTimer = null;
        produce();
      }, 5);
    },
    newBlocks: async (count) => {
      for (let i = 0; i < count; i++) node.buildBlock();
      return node.best.hash;
    },
  }).catch((error: unknown) => {
    // The port is taken, for example: no timer may keep building blocks.
    if (interval) clearInterval(interval);
    node.stop();
    throw error;
  });

  return {
    name: config.name,
    url: rpc.url,
    node,
    fresh: !loaded,
    stop: async () => {
      if (interval) clearInterval(interval);
      if (sealTimer) clearTimeout(sealTimer);
      node.stop();
      save();
      await rpc.close();
    },
  };
}
