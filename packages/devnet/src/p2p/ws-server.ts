import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { closeServer, createBoundedServer } from '../http/limits.ts';
import { originOf } from '../http/origins.ts';
import type { InboundBody, ProxyNode } from './proxy-node.ts';
import type { SavedMessages } from './saved-messages.ts';

/**
 * The proxy's WebSocket side, the protocol Home Assistant's integration speaks to its local
 * libp2p proxy (see docs/libp2p.md, "The proxy's WebSocket protocol"). All frames are JSON text:
 *
 * - to every client, whenever one connects: `{"peerId", "multiAddresses"}`;
 * - from a client, `{"protocols_to_listen": [...]}`: the proxy answers those protocols on libp2p
 *   and hands what arrives on one to the clients that listen to it, as `{...message, "protocol"}`;
 * - from a client, `{"protocol", "serverPeerId", "save_data", "data"}`: `data` goes to that peer
 *   (dialled through the relay when not connected), or to every connected peer when
 *   `serverPeerId` is empty; `save_data` keeps the message for each peer that connects later;
 *   the sender gets `{"data": {"feedback": "ok" | <error>}, "protocol": "/feedback"}` per
 *   connection it went to.
 */

/** Largest frame a client may send: an /update envelope and its wrapping. */
export const MAX_WS_FRAME_BYTES = 16 * 1024 * 1024;
/** Home Assistant is one client; a few more (a second instance, a test) are allowed. */
export const MAX_WS_CLIENTS = 16;
export const FEEDBACK_PROTOCOL = '/feedback';

interface Client {
  socket: WebSocket;
  protocols: readonly string[];
}

export interface ProxyWsServerOptions {
  host: string;
  port: number;
  node: ProxyNode;
  saved: SavedMessages;
  /** Start with the hello held back (a devnet lever, see holdHello). */
  helloHeld?: boolean;
  log(message: string): void;
}

export interface ProxyWsServer {
  url: string;
  port: number;
  /** Clients connected now. */
  clients(): number;
  /** Tells every client the node's peer id and addresses (also done on each new connection). */
  announce(): void;
  /**
   * A devnet lever: while held, no client hears the hello (so Home Assistant does not learn the
   * peer id); releasing it says hello to every client at once.
   */
  holdHello(held: boolean): void;
  readonly helloHeld: boolean;
  /** Closes every client connection (they reconnect on their own) and stops listening. */
  close(): Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startProxyWsServer(options: ProxyWsServerOptions): Promise<ProxyWsServer> {
  const { node, saved, log } = options;
  const clients = new Map<WebSocket, Client>();
  const legacy = node.generation === 'legacy';
  let helloHeld = options.helloHeld ?? false;

  const sendTo = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const announce = () => {
    if (helloHeld) return;
    const hello = { peerId: node.peerId, multiAddresses: node.addresses };
    for (const client of clients.values()) sendTo(client.socket, hello);
  };

  /** Hands a peer's message to the clients listening to its protocol. */
  const forward = (protocol: string, body: InboundBody, remote: string) => {
    // The proxy spreads what it read into the message: an object's fields, or, for a body that
    // is not JSON, the text's characters as "0", "1", … (what Home Assistant then receives).
    const message = { ...(('json' in body ? body.json : body.text) as object), protocol };
    let delivered = false;
    for (const client of clients.values()) {
      if (!client.protocols.includes(protocol) || client.socket.readyState !== client.socket.OPEN) {
        continue;
      }
      client.socket.send(JSON.stringify(message));
      delivered = true;
    }
    if (delivered) return;
    log(`${protocol} from ${remote} reached no client: nobody listens to it`);
    // The legacy proxy stops answering a protocol whose message found no listener; later
    // streams fail to negotiate it until a client asks for it again.
    if (legacy) void node.unlisten(protocol);
  };

  const listenTo = (protocols: readonly string[]) => {
    for (const protocol of protocols) {
      if (node.isListening(protocol)) continue;
      void node
        .listen(protocol, (body, remote) => forward(protocol, body, remote))
        .catch((error: unknown) => log(`cannot answer ${protocol}: ${(error as Error).message}`));
    }
  };

  /** The current generation stops answering a protocol once no client listens to it. */
  const dropUnwanted = () => {
    if (legacy) return;
    const wanted = new Set([...clients.values()].flatMap((c) => c.protocols));
    for (const protocol of ['/call', '/token_request', ...wanted]) {
      if (!wanted.has(protocol) && node.isListening(protocol)) void node.unlisten(protocol);
    }
  };

  const send = async (client: Client, message: Record<string, unknown>) => {
    const protocol = message.protocol;
    if (typeof protocol !== 'string' || !protocol.startsWith('/')) {
      log('a message without a protocol was ignored');
      return;
    }
    if (message.save_data === true) saved.save(protocol, message);
    const feedback = (outcome: string) =>
      sendTo(client.socket, { data: { feedback: outcome }, protocol: FEEDBACK_PROTOCOL });
    const peer = typeof message.serverPeerId === 'string' ? message.serverPeerId : '';
    if (peer) {
      const outcome = await node.sendTo(peer, protocol, message.data);
      if (outcome !== null) feedback(outcome);
      return;
    }
    for (const outcome of await node.broadcast(protocol, message.data)) feedback(outcome);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_FRAME_BYTES });
  const http = createBoundedServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    res.end("Upgrade Required: this is the home's libp2p proxy, for Home Assistant\n");
  });
  const refuse = (socket: Socket, status: string, text: string) =>
    socket.end(
      `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Home Assistant is no web page: a browser (which always names its origin) gets nothing.
    if (originOf(req) !== undefined) {
      refuse(socket, '403 Forbidden', 'The proxy serves Home Assistant, not web pages.');
      return;
    }
    if (clients.size >= MAX_WS_CLIENTS) {
      refuse(socket, '429 Too Many Requests', 'Too many clients.');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { socket: ws, protocols: [] };
      clients.set(ws, client);
      announce();
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        clients.delete(ws);
        dropUnwanted();
      });
      ws.on('message', (data, isBinary) => {
        let message: unknown;
        try {
          message = JSON.parse(isBinary ? '' : data.toString());
        } catch {
          log('a client sent a frame that is not JSON');
          return;
        }
        if (!isObject(message)) return;
        if ('protocols_to_listen' in message) {
          const list = message.protocols_to_listen;
          if (
            !Array.isArray(list) ||
            !list.every((p) => typeof p === 'string' && p.startsWith('/'))
          ) {
            log('protocols_to_listen must be a list of protocol names');
            return;
          }
          client.protocols = list.slice(0, 32);
          listenTo(client.protocols);
          dropUnwanted();
          return;
        }
        void send(client, message).catch((error: unknown) =>
          log(`sending failed: ${(error as Error).message}`),
        );
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  return {
    url: `ws://${options.host}:${port}`,
    port,
    clients: () => clients.size,
    announce,
    holdHello: (held) => {
      helloHeld = held;
      if (!held) announce();
    },
    get helloHeld() {
      return helloHeld;
    },
    close: async () => {
      for (const ws of clients.keys()) ws.terminate();
      clients.clear();
      wss.close();
      await closeServer(http);
    },
  };
}
