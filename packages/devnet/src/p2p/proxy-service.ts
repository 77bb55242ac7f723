import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { devnetRelayAddress } from '@robonomics-dapp/robonomics/p2p/relays';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';
import { loadPeerKey, newPeerKey } from './peer-key.ts';
import { type ProxyGeneration, ProxyNode, type RelayPolicy } from './proxy-node.ts';
import type { RelayHandle } from './relay-service.ts';
import { SavedMessages } from './saved-messages.ts';
import { startProxyWsServer } from './ws-server.ts';

/** What `npm start` says of each generation. */
export const GENERATION_TEXT: Record<ProxyGeneration, string> = {
  legacy: 'legacy (mplex, raw JSON: the proxy Home Assistant homes run)',
  current: 'current (yamux, length-prefixed JSON)',
};

export interface ProxyHandle extends ServiceHandle {
  generation: ProxyGeneration;
  peerId: string;
  /** The WebSocket Home Assistant connects to. */
  wsUrl: string;
  /** What the proxy announces now: its relay circuit address, its direct one on request. */
  addresses(): string[];
  /** Peers connected now, the relay left out. */
  connectedPeers(): string[];
  /** Home Assistant clients on the WebSocket now. */
  clients(): number;
  /** Whether the proxy answers `protocol` on libp2p now (a client asked for it). */
  answers(protocol: string): boolean;
  /** A devnet lever: hold back the hello to Home Assistant, or let it through (at once). */
  holdHello(held: boolean): void;
  readonly helloHeld: boolean;
}

export interface ProxyExtras {
  generation?: ProxyGeneration;
  /** The relay to reserve on; the devnet's relay by default (running or not in this process). */
  relay?: string;
  relayPolicy?: RelayPolicy;
  /** Start with a fresh random peer key in place of the kept one (a reinstalled proxy). */
  newIdentity?: boolean;
  /** Start with the hello to Home Assistant held back (see ProxyHandle.holdHello). */
  helloHeld?: boolean;
  log?: (message: string) => void;
}

export interface HomeProxyOptions {
  /** Where its peer key and the messages kept for new peers live. */
  dir: string;
  host: string;
  /** The WebSocket's port (0: any free one). */
  wsPort: number;
  /** Also listen for libp2p directly on this port. */
  directPort?: number;
  generation: ProxyGeneration;
  relay: string;
  relayPolicy?: RelayPolicy;
  /** A fresh folder's key: derived from a controller's seed, or a random one. */
  firstKey: Uint8Array | 'random';
  newIdentity?: boolean;
  helloHeld?: boolean;
  log(message: string): void;
}

/**
 * A home's libp2p ⇄ WebSocket proxy, as Home Assistant homes run it beside the integration (see
 * docs/libp2p.md): a libp2p node reachable through the relay, and a WebSocket on loopback for
 * Home Assistant. Its peer key and the messages kept for new peers live in `dir`.
 */
export async function startHomeProxy(options: HomeProxyOptions): Promise<ProxyHandle> {
  const { generation, log } = options;
  const saved = new SavedMessages(options.dir);
  const keyFile = join(options.dir, 'peer-key.json');
  const privateKey = options.newIdentity
    ? await newPeerKey(keyFile)
    : await loadPeerKey(keyFile, options.firstKey);
  let announce = () => {};
  const node = await ProxyNode.start({
    generation,
    host: options.host,
    directPort: options.directPort,
    relay: options.relay,
    relayPolicy: options.relayPolicy,
    privateKey,
    onPeerConnect: (peer) => {
      // A peer that connects gets what was kept for it (the home's last states) at once.
      for (const { protocol, data } of saved.all()) void node.sendTo(peer, protocol, data);
    },
    onAddresses: () => announce(),
    log,
  });
  let ws: Awaited<ReturnType<typeof startProxyWsServer>>;
  try {
    ws = await startProxyWsServer({
      host: options.host,
      port: options.wsPort,
      node,
      saved,
      helloHeld: options.helloHeld,
      log,
    });
  } catch (error) {
    await node.stop();
    throw new Error(`the proxy's WebSocket port: ${(error as Error).message}`);
  }
  // Home Assistant hears of every change of the addresses (the proxy itself tells only clients
  // that connect); it publishes its config again when they changed.
  announce = () => ws.announce();
  return {
    name: 'proxy',
    url: ws.url,
    wsUrl: ws.url,
    generation,
    peerId: node.peerId,
    notes: [`generation ${GENERATION_TEXT[generation]}`, `peer ${node.peerId}`],
    addresses: () => node.addresses,
    connectedPeers: () => node.connectedPeers(),
    clients: () => ws.clients(),
    answers: (protocol) => node.isListening(protocol),
    holdHello: (held) => ws.holdHello(held),
    get helloHeld() {
      return ws.helloHeld;
    },
    stop: async () => {
      await ws.close();
      await node.stop();
    },
  };
}

/** The relay homes reserve on: the running relay's address, else where the devnet's would be. */
export function homeRelayAddress(options: DevnetOptions, running: RunningServices): string {
  return (
    (running.get('relay') as RelayHandle | undefined)?.multiaddr ??
    devnetRelayAddress(options.host, options.ports.relay)
  );
}

/**
 * The seeded home's proxy, the devnet's `proxy` service: its peer key and kept messages in
 * `<data dir>/proxy`, its WebSocket on the proxy port.
 */
export async function startProxyService(
  options: DevnetOptions,
  running: RunningServices,
  extras: ProxyExtras = {},
): Promise<ProxyHandle> {
  const dir = join(options.dataDir, 'proxy');
  if (options.reset) rmSync(dir, { recursive: true, force: true });
  return startHomeProxy({
    dir,
    host: options.host,
    wsPort: options.ports.proxy,
    directPort: options.controllerDirect ? options.ports.controller : undefined,
    generation: extras.generation ?? (options.proxy?.kind === 'current' ? 'current' : 'legacy'),
    relay: extras.relay ?? homeRelayAddress(options, running),
    relayPolicy: extras.relayPolicy,
    // The seeded home's controller seed makes the first key, so its peer id is always the same.
    firstKey: pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519').secretKey.slice(0, 32),
    newIdentity: extras.newIdentity,
    helloHeld: extras.helloHeld,
    log: extras.log ?? ((message: string) => console.log(`proxy: ${message}`)),
  });
}
