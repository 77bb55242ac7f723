import '@robonomics-dapp/robonomics/p2p/with-resolvers';
import { WebSocket as NodeWebSocket } from 'ws';

/**
 * What libp2p 3 expects of the platform and Node 20 (this repo's minimum) lacks, defined when
 * missing; importing the module is enough:
 * - Promise.withResolvers (ES2024), with the standard semantics (p2p/with-resolvers);
 * - a global WebSocket, which the websockets transport dials with (browsers and Node 22 have
 *   it); ws is the implementation Node's own is tested against.
 */

(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;
