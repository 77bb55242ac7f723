import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { createBoundedServer } from '../http/limits.ts';
import {
  DEFAULT_APP_ORIGINS,
  FOREIGN_ORIGIN_TEXT,
  isAllowedOrigin,
  originOf,
} from '../http/origins.ts';
import { PoolError } from './extrinsic.ts';
import { type Block, ChainHaltedError, type ChainNode } from './node.ts';
import { isDevMethod } from './rpc/dev.ts';
import type { RpcConnection, Subscription } from './rpc/table.ts';
import { chainMethods } from './rpc-methods.ts';
import { RpcError } from './rpc-params.ts';

export { RpcError };

/** Bounds of the JSON-RPC server (a node's defaults where it has one; see docs/security.md). */
export interface RpcLimits {
  /** Open WebSocket connections (a node's --rpc-max-connections 100). */
  maxConnections: number;
  /** Subscriptions per connection (--rpc-max-subscriptions-per-connection 1024). */
  maxSubscriptionsPerConnection: number;
  /** Frames of one connection being worked on at once; more are answered "busy". */
  maxPendingPerConnection: number;
  /** Requests in one batch. */
  maxBatchLength: number;
  /** Largest WebSocket frame. */
  maxFrameBytes: number;
  /**
   * Frames above this size may carry one request with one large parameter (an extrinsic, a
   * storage value), not thousands of values: parsing those would hold up every other client.
   */
  largeFrameBytes: number;
  /** A connection whose client does not read its notifications is closed past this backlog. */
  maxBufferedBytes: number;
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  maxConnections: 100,
  maxSubscriptionsPerConnection: 1024,
  maxPendingPerConnection: 64,
  maxBatchLength: 1000,
  maxFrameBytes: 16 * 1024 * 1024,
  largeFrameBytes: 1024 * 1024,
  maxBufferedBytes: 32 * 1024 * 1024,
};

/** Structural characters a large frame may contain (a request with a few parameters). */
const LARGE_FRAME_STRUCTURE = 64;
/** A batch yields to other work after this much time, so one batch cannot stall the server. */
const BATCH_SLICE_MS = 10;

export interface RpcServerOptions {
  host: string;
  port: number;
  /** Called after a transaction was pooled (instant seal). */
  onSubmit?: () => void;
  /** dev_newBlock: builds `count` blocks. */
  newBlocks: (count: number) => Promise<string>;
  /** dev_holdBlocks: holds block production (true) or releases it (false). */
  holdBlocks: (held: boolean) => void;
  /** Page origins allowed to connect (tools without an Origin header always may). */
  allowedOrigins?: readonly string[];
  limits?: Partial<RpcLimits>;
}

interface Connection extends RpcConnection {
  socket: WebSocket;
  subscriptions: Set<string>;
  pending: number;
}

type Reply = { jsonrpc: '2.0'; id: unknown } & (
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
);

const errorReply = (id: unknown, code: number, message: string, data?: unknown): Reply => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** How many of `bytes` are `{`, `[` or `,`, counting no further than `limit + 1`. */
function structureCount(data: Buffer, limit: number): number {
  let count = 0;
  for (const char of [0x7b, 0x5b, 0x2c]) {
    let at = data.indexOf(char);
    while (at !== -1) {
      count += 1;
      if (count > limit) return count;
      at = data.indexOf(char, at + 1);
    }
  }
  return count;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Substrate's legacy JSON-RPC over WebSocket, as @polkadot/api and dedot use it, with a node's
 * answers at its edges: method tables without inherited names, notifications (no id) not
 * answered, an empty batch refused once, and bounded connections, subscriptions, batches and
 * frames. Pages may connect only from the app's origins.
 */
export async function startRpcServer(node: ChainNode, options: RpcServerOptions) {
  const limits: RpcLimits = { ...DEFAULT_RPC_LIMITS, ...options.limits };
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const subscriptions = new Map<string, Subscription & { owner: Connection }>();
  const connections = new Set<Connection>();
  let nextId = 1;
  const newId = () => `${Date.now().toString(36)}${(nextId++).toString(36)}`;

  const send = (connection: Connection, text: string) => {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      // The client stopped reading: drop it rather than hold its backlog.
      socket.terminate();
      return;
    }
    socket.send(text);
  };
  /** A notification, with its result already serialised (shared by every subscriber). */
  const sendNotification = (sub: Subscription & { owner: Connection }, resultJson: string) => {
    send(
      sub.owner,
      `{"jsonrpc":"2.0","method":${JSON.stringify(sub.notification)},"params":{"subscription":${JSON.stringify(sub.id)},"result":${resultJson}}}`,
    );
  };
  const end = (sub: Subscription) => {
    const owned = subscriptions.get(sub.id);
    if (!owned) return;
    subscriptions.delete(sub.id);
    owned.owner.subscriptions.delete(sub.id);
  };

  const methods = chainMethods(node, {
    onSubmit: options.onSubmit,
    newBlocks: options.newBlocks,
    holdBlocks: options.holdBlocks,
    notify: (sub, result) => {
      const owned = subscriptions.get(sub.id);
      if (owned) sendNotification(owned, JSON.stringify(result));
    },
    end,
  });

  node.on('block', (block: Block) => {
    const header = JSON.stringify(block.header);
    const changes = [...block.changes];
    for (const sub of subscriptions.values()) {
      if (sub.notification === 'chain_newHead' || sub.notification === 'chain_allHead') {
        sendNotification(sub, header);
      } else if (sub.notification === 'state_storage') {
        const wanted = sub.keys
          ? sub.keys.filter((k) => block.changes.has(k)).map((k) => [k, block.changes.get(k)!])
          : changes;
        if (wanted.length > 0) {
          sendNotification(sub, JSON.stringify({ block: block.hash, changes: wanted }));
        }
      }
    }
  });
  node.on('finalized', (block: Block) => {
    const header = JSON.stringify(block.header);
    for (const sub of subscriptions.values()) {
      if (sub.notification === 'chain_finalizedHead') sendNotification(sub, header);
    }
  });

  /** Answers one request object; null for a notification (no id), which gets no answer. */
  const handle = async (request: unknown, connection: Connection): Promise<Reply | null> => {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return errorReply(null, -32600, 'Invalid request');
    }
    if (!Object.hasOwn(request, 'id')) return null;
    const {
      id,
      method,
      params = [],
    } = request as { id: unknown; method?: unknown; params?: unknown };
    if (id !== null && typeof id !== 'number' && typeof id !== 'string') {
      return errorReply(null, -32600, 'Invalid request');
    }
    if (typeof method !== 'string') return errorReply(id, -32600, 'Invalid request');
    if (!Array.isArray(params)) {
      return errorReply(id, -32602, 'Invalid params', 'params must be an array');
    }
    try {
      if (isDevMethod(method) && !connection.devAllowed) {
        return errorReply(id, -32601, 'RPC call is unsafe to be called externally');
      }
      const entry = methods.get(method);
      if (!entry) return errorReply(id, -32601, 'Method not found');
      if (entry.kind === 'unsubscribe') {
        const sub = typeof params[0] === 'string' ? subscriptions.get(params[0]) : undefined;
        if (!sub || sub.owner !== connection) return { jsonrpc: '2.0', id, result: false };
        sub.stop?.();
        end(sub);
        return { jsonrpc: '2.0', id, result: true };
      }
      if (entry.kind === 'subscribe') {
        if (connection.subscriptions.size >= limits.maxSubscriptionsPerConnection) {
          return errorReply(
            id,
            -32006,
            'Too many subscriptions on the connection',
            `Exceeded max limit of ${limits.maxSubscriptionsPerConnection}`,
          );
        }
        const sub = { id: newId(), connection, owner: connection, notification: method };
        entry.start(params, sub);
        subscriptions.set(sub.id, sub);
        connection.subscriptions.add(sub.id);
        return { jsonrpc: '2.0', id, result: sub.id };
      }
      return { jsonrpc: '2.0', id, result: await entry.handle(params, connection) };
    } catch (error) {
      if (error instanceof RpcError || error instanceof PoolError) {
        return errorReply(id, error.code, error.message, error.data);
      }
      if (error instanceof ChainHaltedError) {
        return errorReply(id, -32603, 'Internal error', error.message);
      }
      return errorReply(id, -32603, 'Internal error', (error as Error).message);
    }
  };

  /** Parses and answers one frame (a request or a batch). */
  const onFrame = async (connection: Connection, data: Buffer): Promise<string | null> => {
    if (
      data.length > limits.largeFrameBytes &&
      structureCount(data, LARGE_FRAME_STRUCTURE) > LARGE_FRAME_STRUCTURE
    ) {
      return JSON.stringify(
        errorReply(
          null,
          -32600,
          'Invalid request',
          `a request over ${limits.largeFrameBytes} bytes may carry one large parameter, not many values`,
        ),
      );
    }
    // A large frame is worked through in steps, letting other clients in between.
    const large = data.length > limits.largeFrameBytes;
    if (large) await yieldToOthers();
    const text = data.toString('utf8');
    if (large) await yieldToOthers();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return JSON.stringify(errorReply(null, -32700, 'Parse error'));
    }
    if (large) await yieldToOthers();
    if (!Array.isArray(parsed)) {
      const reply = await handle(parsed, connection);
      return reply ? JSON.stringify(reply) : null;
    }
    if (parsed.length === 0) return JSON.stringify(errorReply(null, -32600, 'Invalid request'));
    if (parsed.length > limits.maxBatchLength) {
      return JSON.stringify(
        errorReply(
          null,
          -32010,
          'The batch request was too large',
          `Exceeded max limit of ${limits.maxBatchLength}`,
        ),
      );
    }
    const replies: Reply[] = [];
    let slice = performance.now();
    for (const request of parsed) {
      const reply = await handle(request, connection);
      if (reply) replies.push(reply);
      if (performance.now() - slice > BATCH_SLICE_MS) {
        await yieldToOthers();
        slice = performance.now();
      }
    }
    // A batch of notifications only gets no answer at all.
    return replies.length > 0 ? JSON.stringify(replies) : null;
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  const http = createBoundedServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    res.end('Upgrade Required: this node speaks JSON-RPC over WebSocket\n');
  });
  const refuseUpgrade = (socket: Socket, status: string, text: string) => {
    socket.end(
      `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  };
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const origin = originOf(req);
    if (!isAllowedOrigin(origin, allowedOrigins)) {
      refuseUpgrade(socket, '403 Forbidden', FOREIGN_ORIGIN_TEXT);
      return;
    }
    if (connections.size >= limits.maxConnections) {
      refuseUpgrade(
        socket,
        '429 Too Many Requests',
        'Too many connections. Please try again later.',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = {
        socket: ws,
        origin,
        // The origin gate above already refused other pages; dev_* stay with tools and the app.
        devAllowed: isAllowedOrigin(origin, allowedOrigins),
        subscriptions: new Set(),
        pending: 0,
      };
      connections.add(connection);
      ws.on('error', () => ws.terminate());
      ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.isBuffer(data)
            ? data
            : Buffer.from(data);
        if (connection.pending >= limits.maxPendingPerConnection) {
          send(
            connection,
            JSON.stringify(errorReply(null, -32009, 'Server is busy, try again later')),
          );
          return;
        }
        connection.pending += 1;
        onFrame(connection, bytes)
          .then(
            (reply) => {
              if (reply !== null) send(connection, reply);
            },
            (error: unknown) => {
              console.error('devnet: a JSON-RPC frame failed:', error);
              send(connection, JSON.stringify(errorReply(null, -32603, 'Internal error')));
            },
          )
          .finally(() => {
            connection.pending -= 1;
          });
      });
      ws.on('close', () => {
        connections.delete(connection);
        for (const id of connection.subscriptions) {
          subscriptions.get(id)?.stop?.();
          subscriptions.delete(id);
        }
        connection.subscriptions.clear();
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
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://${options.host}:${port}`,
    /** Open connections (for tests of the limits). */
    get connectionCount() {
      return connections.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.socket.terminate();
        wss.close();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
