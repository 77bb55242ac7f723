import { Runtime } from '../chain/runtime.ts';
import { type ChainServiceHandle, serveChain } from '../chain/service.ts';
import type { DevnetOptions } from '../options.ts';
import type { RunningServices } from '../services.ts';
import { awaitingReplicas } from './pallets/market.ts';
import { crustDescription } from './runtime.ts';

/** With --instant, the pause between the extra blocks that let simulated replicas arrive. */
export const INSTANT_REPLICA_BLOCK_MS = 1000;

/**
 * The Crust storage-market chain on the devnet engine (ws://127.0.0.1:9945 by default): its own
 * metadata, genesis and pallets, the same block production, RPC and persistence as the chain,
 * kept in <dataDir>/crust. Storage orders get simulated replicas a few blocks later.
 */
export async function startCrustService(
  options: DevnetOptions,
  _running?: RunningServices,
): Promise<ChainServiceHandle> {
  const runtime = new Runtime(crustDescription());
  const handle = await serveChain(options, {
    name: 'crust',
    runtime,
    folder: 'crust',
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
