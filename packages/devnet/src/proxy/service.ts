import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { devnetRelayAddress } from '@robonomics-dapp/robonomics/p2p/relays';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../options.ts';
import type { RelayHandle } from '../relay/service.ts';
import { loadPeerKey } from './peer-key.ts';
import { type ProxyGeneration, ProxyNode, type RelayPolicy } from './proxy-node.ts';
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
}

export interface ProxyExtras {
  generation?: ProxyGeneration;
  /** The relay to reserve on; the devnet's relay by default (running or not in this process). */
  relay?: string;
  relayPolicy?: RelayPolicy;
  log?: (message: string) => void;
}

/**
 * The home's libp2p ⇄ WebSocket proxy, as Home Assistant homes run it beside the integration
 * (see docs/libp2p.md): a libp2p node reachable through the relay, and a WebSocket on loopback
 * for Home Assistant. Its peer key and the messages kept for new peers live in `<data dir>/proxy`.
 */
export async function startProxyService(
  options: DevnetOptions,
  running: RunningServices,
  extras: ProxyExtras = {},
): Promise<ProxyHandle> {
  const generation =
    extras.generation ?? (options.proxy?.kind === 'current' ? 'current' : 'legacy');
  const log = extras.log ?? ((message: string) => console.log(`proxy: ${message}`));
  const dir = join(options.dataDir, 'proxy');
  if (options.reset) rmSync(dir, { recursive: true, force: true });
  const relay =
    extras.relay ??
    (running.get('relay') as RelayHandle | undefined)?.multiaddr ??
    devnetRelayAddress(options.host, options.ports.relay);
  const saved = new SavedMessages(dir);
  // The seeded home's controller seed makes the first key, so its peer id is always the same.
  const seed = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519').secretKey.slice(0, 32);
  let announce = () => {};
  const node = await ProxyNode.start({
    generation,
    host: options.host,
    directPort: options.controllerDirect ? options.ports.controller : undefined,
    relay,
    relayPolicy: extras.relayPolicy,
    privateKey: await loadPeerKey(join(dir, 'peer-key.json'), seed),
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
      port: options.ports.proxy,
      node,
      saved,
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
    stop: async () => {
      await ws.close();
      await node.stop();
    },
  };
}
