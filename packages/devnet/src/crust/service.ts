import { Runtime } from '../chain/runtime/runtime.ts';
import { type ChainServiceHandle, serveChain } from '../chain/service.ts';
import type { DevnetOptions, RunningServices } from '../common/options.ts';
import { awaitingReplicas } from './pallets/market.ts';
import { crustDescription } from './runtime.ts';

/**
 * Runs `build` without @polkadot/types' warning that V13 metadata names no `[u8; 32]` type: it
 * concerns a well-known key (the intra-block entropy) that this chain never stores, and would
 * otherwise open the devnet's output.
 */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('to a lookup index')) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/** With --instant, the pause between the extra blocks that let simulated replicas arrive. */
export const INSTANT_REPLICA_BLOCK_MS = 1000;

/**
 * The Crust storage-market chain on the devnet engine (ws://127.0.0.1:9945 by default): its own
 * metadata (V13 as Crust mainnet, or V14 with `crustMetadata`), genesis and pallets, the same
 * block production, RPC and persistence as the chain, kept in <dataDir>/crust-v13 (crust-v14).
 * Storage orders get simulated replicas a few blocks later.
 */
export async function startCrustService(
  options: DevnetOptions,
  _running?: RunningServices,
): Promise<ChainServiceHandle> {
  const mode = options.crustMetadata ?? 'v13';
  const runtime = quietly(() => new Runtime(crustDescription(mode)));
  const handle = await serveChain(options, {
    name: 'crust',
    runtime,
    // The two descriptions lay accounts out differently, and chains kept before V13 was served
    // are V14's: each description keeps its own chain.
    folder: `crust-${mode}`,
    port: options.ports.crust,
  });
  if (!options.instant) return handle;

  // Instant seal builds blocks only for transactions; the replica reports need later blocks,
  // so while a file waits for replicas a block follows every INSTANT_REPLICA_BLOCK_MS.
  const { node } = handle;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || timer || !awaitingReplicas(node.readContext())) return;
    timer = setTimeout(() => {
      timer = null;
      if (stopped || node.halted) return;
      node.buildBlock().catch((error: unknown) => {
        if (!stopped && !node.halted)
          console.error('devnet: crust block production failed:', error);
      });
    }, INSTANT_REPLICA_BLOCK_MS);
  };
  node.on('block', schedule);
  schedule();
  return {
    ...handle,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      node.off('block', schedule);
      await handle.stop();
    },
  };
}
