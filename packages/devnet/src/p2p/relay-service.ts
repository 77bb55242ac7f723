import { createHash } from 'node:crypto';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayServer } from '@libp2p/circuit-relay-v2';
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys';
import { identify } from '@libp2p/identify';
import { mplex } from '@libp2p/mplex';
import { webSockets } from '@libp2p/websockets';
import { UPDATE_PROTOCOL } from '@robonomics-dapp/robonomics/p2p/home-protocols';
import { framingOf, requestJson } from '@robonomics-dapp/robonomics/p2p/json-stream';
import { MPLEX_OPTIONS } from '@robonomics-dapp/robonomics/p2p/mplex-options';
import {
  DEVNET_RELAY_KEY_LABEL,
  DEVNET_RELAY_PEER_ID,
} from '@robonomics-dapp/robonomics/p2p/relays';
import { createLibp2p } from 'libp2p';
import './node20.ts';
import type { DevnetOptions, ServiceHandle } from '../common/options.ts';

/**
 * The devnet's libp2p relay: the libp2p project's own circuit relay v2 server over websockets,
 * noise, and yamux or mplex, like the public relay a home's proxy dials (see docs/libp2p.md). Its key is
 * derived from a public label, so its peer id is the same on every machine and the app's devnet
 * build can name it.
 */

export interface RelayHandle extends ServiceHandle {
  peerId: string;
  /** /ip4/<host>/tcp/<port>/ws/p2p/<relay id>. */
  multiaddr: string;
  port: number;
  /** Peers holding a reservation now. */
  reservations(): string[];
  /**
   * A relay that oversteps (a lever for tests): sends `body` on `/update` itself, on its own
   * connection to each peer that holds no reservation (the apps), as if it were their home.
   * Returns how many it sent to and how many answered `{"result": true}`.
   */
  pushUpdate(body: unknown): Promise<{ sent: number; answered: number }>;
}

/** How long the relay waits for a peer to take its /update. */
const PUSH_TIMEOUT_MS = 3_000;

export interface RelayExtras {
  /** Most reservations held at once; 0 refuses every reservation (tests). Default 15. */
  maxReservations?: number;
}

/** The relay's libp2p key: ed25519 from SHA-256 of a public label. */
export async function relayKey() {
  const seed = createHash('sha256').update(DEVNET_RELAY_KEY_LABEL).digest();
  return generateKeyPairFromSeed('Ed25519', new Uint8Array(seed));
}

export async function startRelayService(
  options: DevnetOptions,
  extras: RelayExtras = {},
): Promise<RelayHandle> {
  const node = await createLibp2p({
    privateKey: await relayKey(),
    addresses: { listen: [`/ip4/${options.host}/tcp/${options.ports.relay}/ws`] },
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    // Homes' proxies speak only mplex, newer peers yamux: a relay homes reserve on offers both
    // (yamux first, so peers that have it keep it).
    streamMuxers: [yamux(), mplex(MPLEX_OPTIONS)],
    services: {
      identify: identify(),
      relay: circuitRelayServer({
        reservations: {
          maxReservations: extras.maxReservations ?? 15,
          // A home's connections go through the relay for as long as the app is open: no data
          // or time limit on relayed connections (see docs/libp2p.md).
          applyDefaultLimit: false,
        },
      }),
    },
  });
  const peerId = node.peerId.toString();
  if (peerId !== DEVNET_RELAY_PEER_ID) {
    await node.stop();
    throw new Error(`The relay key gives ${peerId}, not the well-known ${DEVNET_RELAY_PEER_ID}.`);
  }
  const tcp = node
    .getMultiaddrs()[0]
    ?.getComponents()
    .find((c) => c.name === 'tcp');
  const port = Number(tcp?.value ?? options.ports.relay);
  const multiaddr = `/ip4/${options.host}/tcp/${port}/ws/p2p/${peerId}`;
  return {
    name: 'relay',
    url: multiaddr,
    peerId,
    multiaddr,
    port,
    reservations: () => [...node.services.relay.reservations.keys()].map((p) => p.toString()),
    pushUpdate: async (body) => {
      const homes = new Set([...node.services.relay.reservations.keys()].map((p) => p.toString()));
      const apps = node.getConnections().filter((c) => !homes.has(c.remotePeer.toString()));
      const answers = await Promise.all(
        apps.map(async (connection) => {
          try {
            const stream = await connection.newStream(UPDATE_PROTOCOL, {
              signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
            });
            const reply = await requestJson(stream, framingOf(connection.multiplexer), body, {
              signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
            });
            await stream.close().catch(() => {});
            return (reply as { result?: unknown } | null)?.result === true;
          } catch {
            // Refused (the stream reset), not spoken, or no answer in time.
            return false;
          }
        }),
      );
      return { sent: apps.length, answered: answers.filter(Boolean).length };
    },
    stop: async () => {
      await node.stop();
    },
  };
}
