import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import type { KeyringPair } from '@polkadot/keyring/types';
import { type ChainServiceHandle, startChainService } from '../chain/service.ts';
import type { DevnetOptions, RunningServices } from '../common/options.ts';
import { testOptions } from '../common/test-support.ts';
import { type IpfsServiceHandle, startIpfsService } from '../ipfs/service.ts';
import type { ProxyGeneration } from '../p2p/proxy-node.ts';
import { type ProxyExtras, type ProxyHandle, startProxyService } from '../p2p/proxy-service.ts';
import { type RelayExtras, type RelayHandle, startRelayService } from '../p2p/relay-service.ts';

// Shared by the controller tests (not a test file itself).

export interface Network {
  options: DevnetOptions;
  running: RunningServices;
  chain: ChainServiceHandle;
  ipfs: IpfsServiceHandle;
  relay: RelayHandle;
  /** The home's libp2p proxy, which the controller links to (null when the test brings one). */
  proxy: ProxyHandle | null;
  api: ApiPromise;
  provider: WsProvider;
  /** Stops the relay and starts it again on the same port (after `downMs`). */
  restartRelay(downMs?: number, extras?: RelayExtras): Promise<RelayHandle>;
  /** Stops the proxy and starts it again on the same ports, in `generation`. */
  restartProxy(
    generation: ProxyGeneration,
    overrides?: Partial<DevnetOptions>,
    extras?: ProxyExtras,
  ): Promise<ProxyHandle>;
  stop(): Promise<void>;
}

/**
 * Chain, IPFS, the relay and the home's proxy (`generation`, legacy by default) in this process,
 * and a @polkadot/api client of the chain.
 */
export async function startNetwork(
  dataDir: string,
  relayExtras: RelayExtras = {},
  generation: ProxyGeneration = 'legacy',
): Promise<Network> {
  return startNetworkWith(dataDir, relayExtras, generation);
}

/** As startNetwork, without a proxy when `generation` is null (the test brings its own). */
export async function startNetworkWith(
  dataDir: string,
  relayExtras: RelayExtras,
  generation: ProxyGeneration | null,
): Promise<Network> {
  const options = testOptions(dataDir, { seed: true });
  const chain = await startChainService(options);
  const running: RunningServices = new Map([['chain', chain]]);
  const ipfs = await startIpfsService(options, running);
  running.set('ipfs', ipfs);
  const quiet = { ...relayExtras };
  let relay = await startRelayService(options, quiet);
  running.set('relay', relay);
  const quietProxy = { generation: generation ?? 'legacy', log: () => {} };
  let proxy = generation === null ? null : await startProxyService(options, running, quietProxy);
  if (proxy) running.set('proxy', proxy);
  const provider = new WsProvider(chain.url);
  const api = await ApiPromise.create({ provider, noInitWarn: true });
  const net: Network = {
    options,
    running,
    chain,
    ipfs,
    relay,
    proxy,
    api,
    provider,
    restartRelay: async (downMs = 0, extras = {}) => {
      await relay.stop();
      if (downMs) await new Promise((resolve) => setTimeout(resolve, downMs));
      relay = await startRelayService(
        { ...options, ports: { ...options.ports, relay: relay.port } },
        { ...quiet, ...extras },
      );
      net.relay = relay;
      running.set('relay', relay);
      return relay;
    },
    restartProxy: async (next, overrides = {}, extras = {}) => {
      if (!proxy) throw new Error('This network has no proxy of its own.');
      const port = Number(new URL(proxy.wsUrl).port);
      await proxy.stop();
      proxy = await startProxyService(
        { ...options, ...overrides, ports: { ...options.ports, proxy: port } },
        running,
        { ...quietProxy, ...extras, generation: next },
      );
      net.proxy = proxy;
      running.set('proxy', proxy);
      return proxy;
    },
    stop: async () => {
      await api.disconnect();
      await proxy?.stop();
      await relay.stop();
      await ipfs.stop();
      await chain.stop();
    },
  };
  return net;
}

/** Signs and sends; resolves at inclusion with the dispatch error, if any. */
export function send(
  api: ApiPromise,
  tx: SubmittableExtrinsic<'promise'>,
  signer: KeyringPair,
): Promise<{ error: string | null }> {
  return new Promise((resolve, reject) => {
    tx.signAndSend(signer, { nonce: -1 }, (result) => {
      if (!result.status.isInBlock && !result.status.isFinalized) return;
      let error: string | null = null;
      if (result.dispatchError) {
        error = result.dispatchError.type;
        if (result.dispatchError.isModule) {
          const meta = api.registry.findMetaError(result.dispatchError.asModule);
          error = `${meta.section}.${meta.name}`;
        }
      }
      resolve({ error });
    }).catch(reject);
  });
}

/** Resolves with the first event matching `accept`, or fails after `ms`. */
export function nextEvent<T>(
  emitter: {
    on(event: string, fn: (value: T) => void): unknown;
    off(event: string, fn: (value: T) => void): unknown;
  },
  event: string,
  accept: (value: T) => boolean = () => true,
  ms = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, listener);
      reject(new Error(`no "${event}" event within ${ms} ms`));
    }, ms);
    const listener = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      emitter.off(event, listener);
      resolve(value);
    };
    emitter.on(event, listener);
  });
}
