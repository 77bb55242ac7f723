import type { Blockchain } from '@acala-network/chopsticks-core';
import type { HexString } from '@polkadot/util/types';
import { seedScenario } from '../chain/seed.ts';
import type { DevnetOptions, ServiceHandle } from '../common/options.ts';
import { type Chopsticks, loadChopsticks } from './chopsticks.ts';
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

/** A chain of the engine, as it starts: from the saved head, or from a new genesis. */
interface OpenedChain {
  chain: Blockchain;
  identity: ChainSnapshot['identity'];
  genesis: ChainSnapshot['genesis'];
  /** Whether it started from genesis (nothing was saved). */
  fresh: boolean;
}

/**
 * Opens the chain Chopsticks runs: the saved head and its state when there is one, otherwise a
 * genesis the runtime builds itself, with block 1 built at once (as Chopsticks does from a
 * genesis).
 */
async function openChain(
  chopsticks: Chopsticks,
  saved: ChainSnapshot | null,
  instant: boolean,
): Promise<OpenedChain> {
  const common = {
    buildBlockMode: instant ? chopsticks.BuildBlockMode.Instant : chopsticks.BuildBlockMode.Manual,
    // dev_timeTravel moves the relay chain's slot too, so blocks keep coming after a jump.
    inherentProviders: relaySlotFollowingTime(chopsticks, chopsticks.inherentProviders),
    registeredTypes: {},
  };
  if (saved) {
    const chain = new chopsticks.Blockchain({
      ...common,
      api: new chopsticks.Api(new SnapshotProvider(saved) as never),
      header: { hash: saved.head.hash, number: saved.head.number },
    });
    return { chain, identity: saved.identity, genesis: saved.genesis, fresh: false };
  }
  const spec = await buildGenesis(chopsticks, runtimeCode());
  const provider = new chopsticks.GenesisProvider(spec);
  const api = new chopsticks.Api(provider);
  await api.isReady;
  const chain = new chopsticks.Blockchain({
    ...common,
    api,
    header: { hash: provider.blockHash as HexString, number: 0 },
  });
  const genesis = await snapshotBlock(chain.head);
  await chain.newBlock();
  const identity = { id: spec.id, name: spec.name, properties: spec.properties };
  return { chain, identity, genesis, fresh: true };
}

/**
 * Saves the newest head after every block: one save at a time, always of the newest head (one
 * that arrives during a save is saved right after it).
 */
function saveHeads(
  { chain, genesis, identity }: OpenedChain,
  store: SnapshotStore,
): { save(): Promise<void>; unwatch(): void } {
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
  const watch = chain.headState.subscribeHead(() => void save());
  return { save, unwatch: () => chain.headState.unsubscribeHead(watch) };
}

/** Chopsticks' method handlers by their own names only (an object would also answer `constructor`). */
function chopsticksHandlers(
  chopsticks: Chopsticks,
  chain: Blockchain,
): Map<string, ChopsticksHandler> {
  const context = { chain };
  return new Map(
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
  const opened = await openChain(chopsticks, store.load(RUNTIME_SPEC_VERSION), options.instant);
  const { chain } = opened;
  const heads = saveHeads(opened, store);
  await heads.save();

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

  const stopChain = async () => {
    stopped = true;
    if (interval) clearInterval(interval);
    await building;
    heads.unwatch();
    await heads.save();
    await chain.close();
    await chopsticks.destroyWorker();
  };
  const rpc = await startRuntimeRpcServer({
    host: options.host,
    port: options.ports.chain,
    handlers: chopsticksHandlers(chopsticks, chain),
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
    fresh: opened.fresh,
    stop: async () => {
      await rpc.close();
      await stopChain();
    },
  };
  if (options.seed && opened.fresh) {
    await seedScenario(rpc.url, { sealWithNewBlock: !options.instant }).catch(
      async (error: unknown) => {
        await handle.stop();
        throw new Error(`the demo scenario could not be written: ${(error as Error).message}`);
      },
    );
    await heads.save();
  }
  return handle;
}
