import type { Blockchain } from '@acala-network/chopsticks-core';
import type { DevnetOptions, ServiceHandle } from '../options.ts';
import { loadChopsticks } from './chopsticks.ts';
import { buildGenesis } from './genesis.ts';
import { startRuntimeRpcServer } from './rpc-server.ts';
import { runtimeCode } from './runtime-code.ts';

export interface RuntimeChainHandle extends ServiceHandle {
  chain: Blockchain;
  engine: 'runtime';
}

/**
 * The runtime engine: the production Robonomics runtime (spec 40) executed by Chopsticks from a
 * development genesis the runtime builds itself, behind Substrate JSON-RPC on the chain port.
 * Blocks come every `blockTimeMs`, or one per transaction with `instant`.
 */
export async function startRuntimeChainService(
  options: DevnetOptions,
): Promise<RuntimeChainHandle> {
  const chopsticks = await loadChopsticks();
  const code = runtimeCode();
  const spec = await buildGenesis(chopsticks, code);
  const provider = new chopsticks.GenesisProvider(spec);
  const api = new chopsticks.Api(provider);
  await api.isReady;
  const genesis = await api.getHeader();
  if (!genesis) throw new Error('the genesis provider has no header');
  const chain = new chopsticks.Blockchain({
    api,
    buildBlockMode: options.instant
      ? chopsticks.BuildBlockMode.Instant
      : chopsticks.BuildBlockMode.Manual,
    inherentProviders: chopsticks.inherentProviders,
    header: { hash: provider.blockHash, number: 0 },
    registeredTypes: {},
    runtimeLogLevel: 0,
  });
  // Block 1, as Chopsticks does from a genesis: the first block with inherents.
  await chain.newBlock();

  let building: Promise<unknown> | null = null;
  let stopped = false;
  const produce = () => {
    if (building || stopped) return;
    building = chain
      .newBlock()
      .catch((error: unknown) => {
        console.error('devnet: chain (runtime) block production failed:', error);
      })
      .finally(() => {
        building = null;
      });
  };
  const interval = options.instant ? null : setInterval(produce, options.blockTimeMs);

  const context = { chain };
  const handlers = chopsticks.allHandlers as Record<
    string,
    (context: unknown, params: unknown[], subscriptions: unknown) => Promise<unknown>
  >;
  const rpc = await startRuntimeRpcServer({
    host: options.host,
    port: options.ports.chain,
    handle: async ({ method, params }, subscriptions) => {
      const handler = handlers[method];
      if (!handler) throw new chopsticks.ResponseError(-32601, `Method not found: ${method}`);
      return handler(context, params, subscriptions);
    },
  }).catch(async (error: unknown) => {
    if (interval) clearInterval(interval);
    await chain.close();
    throw error;
  });

  return {
    name: 'chain',
    engine: 'runtime',
    url: rpc.url,
    chain,
    stop: async () => {
      stopped = true;
      if (interval) clearInterval(interval);
      await building;
      await rpc.close();
      await chain.close();
      await chopsticks.destroyWorker();
    },
  };
}
