import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { createBoundedServer } from '../http/limits.ts';
import {
  DEFAULT_APP_ORIGINS,
  FOREIGN_ORIGIN_TEXT,
  isAllowedOrigin,
  originOf,
} from '../http/origins.ts';
import type { ChainNode } from './node.ts';
import { type ChainHeadLimits, DEFAULT_CHAIN_HEAD_LIMITS } from './rpc/chain-head.ts';
import { answerRequest } from './rpc/dispatch.ts';
import { answerFrame, errorReply } from './rpc/frames.ts';
import { type Connection, SubscriptionRegistry } from './rpc/subscriptions.ts';
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
  /** chainHead_v1 follows, pinned blocks, operations and storage steps (docs/json-rpc.md). */
  chainHead: ChainHeadLimits;
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  maxConnections: 100,
  maxSubscriptionsPerConnection: 1024,
  maxPendingPerConnection: 64,
  maxBatchLength: 1000,
  maxFrameBytes: 16 * 1024 * 1024,
  largeFrameBytes: 1024 * 1024,
  maxBufferedBytes: 32 * 1024 * 1024,
  chainHead: DEFAULT_CHAIN_HEAD_LIMITS,
};

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
  limits?: Partial<Omit<RpcLimits, 'chainHead'>> & { chainHead?: Partial<ChainHeadLimits> };
}

/**
 * Substrate's JSON-RPC over WebSocket (legacy methods and the new interface), with a node's
 * answers at its edges: method tables without inherited names, notifications (no id) not
 * answered, an empty batch refused once, and bounded connections, subscriptions, batches and
 * frames. Pages may connect only from the app's origins.
 */
export async function startRpcServer(node: ChainNode, options: RpcServerOptions) {
  const limits: RpcLimits = {
    ...DEFAULT_RPC_LIMITS,
    ...options.limits,
    chainHead: { ...DEFAULT_CHAIN_HEAD_LIMITS, ...options.limits?.chainHead },
  };
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const connections = new Set<Connection>();
  const subscriptions = new SubscriptionRegistry(limits.maxBufferedBytes);
  const methods = chainMethods(
    node,
    {
      onSubmit: options.onSubmit,
      newBlocks: options.newBlocks,
      holdBlocks: options.holdBlocks,
      notify: (sub, result) => subscriptions.notify(sub, result),
      end: (sub) => subscriptions.end(sub),
    },
    limits.chainHead,
  );
  subscriptions.follow(node);
  const dispatcher = {
    methods,
    subscriptions,
    maxSubscriptionsPerConnection: limits.maxSubscriptionsPerConnection,
  };
  const send = (connection: Connection, text: string) => subscriptions.send(connection, text);

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
        answerFrame(bytes, limits, (request) => answerRequest(request, connection, dispatcher))
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
        subscriptions.closeConnection(connection);
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
