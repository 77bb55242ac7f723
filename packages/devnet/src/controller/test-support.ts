import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import { lpStream } from '@libp2p/utils';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import type { KeyringPair } from '@polkadot/keyring/types';
import { createLibp2p } from 'libp2p';
import './node20.ts';
import { type ChainServiceHandle, startChainService } from '../chain/service.ts';
import { type IpfsServiceHandle, startIpfsService } from '../ipfs/service.ts';
import type { RunningServices } from '../options.ts';
import { type DevnetOptions, defaultPorts } from '../options.ts';
import { type RelayExtras, type RelayHandle, startRelayService } from '../relay/service.ts';

// Shared by the controller tests (not a test file itself).

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'devnet-controller-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The seeded devnet on free ports, instant seal. */
export function testOptions(dataDir: string): DevnetOptions {
  return {
    dataDir,
    reset: false,
    blockTimeMs: 6_000,
    instant: true,
    seed: true,
    host: '127.0.0.1',
    ports: {
      ...defaultPorts,
      chain: 0,
      ipfsApi: 0,
      ipfsGateway: 0,
      controller: 0,
      relay: 0,
      homeAssistant: 0,
    },
  };
}

export interface Network {
  options: DevnetOptions;
  running: RunningServices;
  chain: ChainServiceHandle;
  ipfs: IpfsServiceHandle;
  relay: RelayHandle;
  api: ApiPromise;
  provider: WsProvider;
  /** Stops the relay and starts it again on the same port (after `downMs`). */
  restartRelay(downMs?: number, extras?: RelayExtras): Promise<RelayHandle>;
  stop(): Promise<void>;
}

/** Chain, IPFS and the relay in this process, and a @polkadot/api client of the chain. */
export async function startNetwork(
  dataDir: string,
  relayExtras: RelayExtras = {},
): Promise<Network> {
  const options = testOptions(dataDir);
  const chain = await startChainService(options);
  const running: RunningServices = new Map([['chain', chain]]);
  const ipfs = await startIpfsService(options, running);
  running.set('ipfs', ipfs);
  const quiet = { ...relayExtras };
  let relay = await startRelayService(options, quiet);
  running.set('relay', relay);
  const provider = new WsProvider(chain.url);
  const api = await ApiPromise.create({ provider, noInitWarn: true });
  const net: Network = {
    options,
    running,
    chain,
    ipfs,
    relay,
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
    stop: async () => {
      await api.disconnect();
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

export interface UpdateMessage {
  body: { data?: unknown };
  at: number;
}

/**
 * A peer built like the app's (websockets, circuit relay, noise, yamux, identify; lpStream
 * framing from @libp2p/utils, not the controller's helper): it answers /update with
 * {"result": true} and sends /call requests.
 */
export async function startAppPeer(controllerAddress: string) {
  const updates: UpdateMessage[] = [];
  const waiters: ((message: UpdateMessage) => void)[] = [];
  const node = await createLibp2p({
    transports: [webSockets(), circuitRelayTransport()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false },
  });
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  await node.handle(
    '/update',
    async (stream) => {
      const lp = lpStream(stream, { maxDataLength: 8 * 1024 * 1024 });
      const body = JSON.parse(decoder.decode((await lp.read()).subarray())) as { data?: unknown };
      const message = { body, at: performance.now() };
      updates.push(message);
      for (const waiter of waiters.splice(0)) waiter(message);
      await lp.write(encoder.encode(JSON.stringify({ result: true })));
      await stream.close();
    },
    { runOnLimitedConnection: true },
  );
  let connection = await node.dial(multiaddr(controllerAddress), {
    signal: AbortSignal.timeout(10_000),
  });

  return {
    node,
    updates,
    /** The next /update accepted by `accept` (already received ones included). */
    nextUpdate(accept: (message: UpdateMessage) => boolean, ms = 5_000): Promise<UpdateMessage> {
      const found = updates.find(accept);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching /update within ${ms} ms`)),
          ms,
        );
        const wait = (message: UpdateMessage) => {
          if (accept(message)) {
            clearTimeout(timer);
            resolve(message);
          } else {
            waiters.push(wait);
          }
        };
        waiters.push(wait);
      });
    },
    /** The connection in use: its remote address says whether it goes through the relay. */
    get connection() {
      return connection;
    },
    /** Dials the controller again (after the relay came back, say). */
    async redial(ms = 10_000) {
      connection = await node.dial(multiaddr(controllerAddress), {
        signal: AbortSignal.timeout(ms),
      });
      return connection;
    },
    /** One /call: a length-prefixed JSON request, one length-prefixed JSON reply. */
    async call(body: unknown): Promise<unknown> {
      const stream = await connection.newStream('/call', { runOnLimitedConnection: true });
      const lp = lpStream(stream, { maxDataLength: 1024 * 1024 });
      await lp.write(encoder.encode(JSON.stringify(body)));
      const reply = JSON.parse(
        decoder.decode((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray()),
      );
      await stream.close().catch(() => {});
      return reply;
    },
    stop: () => node.stop(),
  };
}
