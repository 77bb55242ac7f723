/**
 * The libp2p circuit relays a home is reached through (see docs/libp2p.md). A home sits behind
 * NAT: its proxy dials a public relay, reserves a slot and announces
 * `<relay address>/p2p-circuit/p2p/<home peer id>`; the app dials that address.
 */

/** The public Robonomics relay the Home Assistant proxy dials. */
export const PRODUCTION_RELAY =
  '/dns4/libp2p-relay-1.robonomics.network/tcp/443/wss/p2p/12D3KooWEMFXXvpZUjAuj1eKR11HuzZTCQ5HmYG9MNPtsnqPSERD';

/**
 * The devnet relay's peer id. Its key is derived from a fixed, public label (like the dev
 * seeds), so every devnet has this relay identity and the app can name it at build time.
 */
export const DEVNET_RELAY_PEER_ID = '12D3KooWHz3UXqjgnGQtozaVkfNwWZSCxT8h41FUopCfofXdwdix';
/** The label the devnet relay's ed25519 key seed is the SHA-256 of. */
export const DEVNET_RELAY_KEY_LABEL = 'robonomics devnet relay libp2p key';
export const DEVNET_RELAY_PORT = 9998;

/** Where the devnet relay listens: websockets on loopback. */
export function devnetRelayAddress(host = '127.0.0.1', port = DEVNET_RELAY_PORT): string {
  return `/ip4/${host}/tcp/${port}/ws/p2p/${DEVNET_RELAY_PEER_ID}`;
}

/** The address of a peer behind a relay: `<relay>/p2p-circuit/p2p/<peer>`. */
export function circuitAddress(relay: string, peerId: string): string {
  return `${relay.replace(/\/+$/, '')}/p2p-circuit/p2p/${peerId}`;
}
