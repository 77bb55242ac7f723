import type { Blockchain } from '@acala-network/chopsticks-core';
import type { HexString } from '@polkadot/util/types';
import { seedScenario } from '../chain/seed.ts';
import type { DevnetOptions, ServiceHandle } from '../options.ts';
import { loadChopsticks } from './chopsticks.ts';
import { buildGenesis } from './genesis.ts';
import { relaySlotFollowingTime } from './relay-slot.ts';
import { type ChopsticksHandler, startRuntimeRpcServer } from './rpc-server.ts';
import { RUNTIME_SPEC_VERSION, runtimeCode } from './runtime-code.ts';
import {
  type ChainSnapshot,
  SnapshotProvider,
  SnapshotStore,
  snapshotBlock,
  snapshotOf,
} from './snapshot.ts';

export interface RuntimeChainHandle extends ServiceHandle {
  chain: Blockchain;
  engine: 'runtime';
  /** Whether the chain started from genesis (nothing was persisted). */
  fresh: boolean;
}

/**
 * The runtime engine: the production Robonomics runtime (spec 40) executed by Chopsticks from a
 * development genesis the runtime builds itself, behind Substrate JSON-RPC on the chain port.
 * Blocks come every `blockTimeMs`, or one per transaction with `instant`. The head and its state
 * are saved in <dataDir>/runtime-chain after every block, so a restart continues the chain.
 */
export async function startRuntimeChainService(
  options: DevnetOptions,
): Promise<RuntimeChainHandle> {
  const chopsticks = await loadChopsticks();
  const store = new SnapshotStore(options.dataDir);
  if (options.reset) store.reset();
  const saved = store.load(RUNTIME_SPEC_VERSION);

  let chain: Blockchain;
  let identity: ChainSnapshot['identity'];
  let genesis: ChainSnapshot['genesis'];
  const buildBlockMode = options.instant
    ? chopsticks.BuildBlockMode.Instant
    : chopsticks.BuildBlockMode.Manual;
  // dev_timeTravel moves the relay chain's slot too, so blocks keep coming after a jump.
  const inherentProviders = relaySlotFollowingTime(chopsticks, chopsticks.inherentProviders);
  if (saved) {
    const provider = new chopsticks.Api(new SnapshotProvider(saved) as never);
    chain = new chopsticks.Blockchain({
      api: provider,
      buildBlockMode,
      inherentProviders,
      header: { hash: saved.head.hash, number: saved.head.number },
      registeredTypes: {},
    });
    identity = saved.identity;
    genesis = saved.genesis;
  } else {
    const spec = await buildGenesis(chopsticks, runtimeCode());
    const provider = new chopsticks.GenesisProvider(spec);
    const api = new chopsticks.Api(provider);
    await api.isReady;
    chain = new chopsticks.Blockchain({
      api,
      buildBlockMode,
      inherentProviders,
      header: { hash: provider.blockHash as HexString, number: 0 },
      registeredTypes: {},
    });
    identity = { id: spec.id, name: spec.name, properties: spec.properties };
    genesis = await snapshotBlock(chain.head);
    // Block 1, as Chopsticks does from a genesis: the first block with inherents.
    await chain.newBlock();
  }

  // Persistence: one save at a time, always of the newest head.
  let saving: Promise<void> | null = null;
  let saveAgain = false;
  const save = async (): Promise<void> => {
    if (saving) {
      saveAgain = true;
      return saving;
    }
    saving = (async () => {
      do {
        saveAgain = false;
        store.save(await snapshotOf(chain.head, genesis, identity, RUNTIME_SPEC_VERSION));
      } while (saveAgain);
    })()
      .catch((error: unknown) => {
        console.error('devnet: chain (runtime) could not save its head:', error);
      })
      .finally(() => {
        saving = null;
      });
    return saving;
  };
  const headWatch = chain.headState.subscribeHead(() => void save());
  await save();

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
  // Chopsticks' handlers by their own names only (a plain object would also answer `constructor`).
  const handlers = new Map<string, ChopsticksHandler>(
    Object.entries(
      chopsticks.allHandlers as Record<
        string,
        (context: unknown, params: unknown[], subscriptions: unknown) => Promise<unknown>
      >,
    ).map(([name, handle]) => [
      name,
      (params, subscriptions) => handle(context, params, subscriptions),
    ]),
  );
  const stopChain = async () => {
    stopped = true;
    if (interval) clearInterval(interval);
    await building;
    chain.headState.unsubscribeHead(headWatch);
    await save();
    await chain.close();
    await chopsticks.destroyWorker();
  };
  const rpc = await startRuntimeRpcServer({
    host: options.host,
    port: options.ports.chain,
    handlers,
    allowedOrigins: options.allowedOrigins,
  }).catch(async (error: unknown) => {
    await stopChain();
    throw error;
  });

  const handle: RuntimeChainHandle = {
    name: 'chain',
    engine: 'runtime',
    url: rpc.url,
    chain,
    fresh: !saved,
    stop: async () => {
      await rpc.close();
      await stopChain();
    },
  };
  if (options.seed && !saved) {
    await seedScenario(rpc.url, { sealWithNewBlock: !options.instant }).catch(
      async (error: unknown) => {
        await handle.stop();
        throw new Error(`the demo scenario could not be written: ${(error as Error).message}`);
      },
    );
    await save();
  }
  return handle;
}
