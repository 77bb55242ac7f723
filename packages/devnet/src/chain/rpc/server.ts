import {
  DEFAULT_JSON_RPC_LIMITS,
  type JsonRpcLimits,
  type JsonRpcServer,
  startJsonRpcServer,
} from '../../json-rpc/server.ts';
import type { ChainNode } from '../node/node.ts';
import { chainMethods } from './method-table.ts';
import { type ChainHeadLimits, DEFAULT_CHAIN_HEAD_LIMITS } from './methods/chain-head.ts';
import { chainHandlers } from './route-request.ts';
import { type Connection, SubscriptionRegistry } from './subscriptions.ts';

/** Bounds of the chain's JSON-RPC server (see docs/security.md and docs/json-rpc.md). */
export interface RpcLimits extends JsonRpcLimits {
  /** chainHead_v1 follows, pinned blocks, operations and storage steps (docs/json-rpc.md). */
  chainHead: ChainHeadLimits;
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  ...DEFAULT_JSON_RPC_LIMITS,
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
 * The TypeScript engine's chain behind the devnet's JSON-RPC server (json-rpc/server.ts, shared
 * with the runtime engine): the legacy methods and the new interface, over WebSocket and HTTP
 * POST on one port.
 */
export async function startRpcServer(
  node: ChainNode,
  options: RpcServerOptions,
): Promise<JsonRpcServer> {
  const { chainHead: chainHeadLimits, ...limits }: RpcLimits = {
    ...DEFAULT_RPC_LIMITS,
    ...options.limits,
    chainHead: { ...DEFAULT_CHAIN_HEAD_LIMITS, ...options.limits?.chainHead },
  };
  const subscriptions = new SubscriptionRegistry();
  const methods = chainMethods(
    node,
    {
      onSubmit: options.onSubmit,
      newBlocks: options.newBlocks,
      holdBlocks: options.holdBlocks,
      notify: (sub, result) => subscriptions.notify(sub, result),
      end: (sub) => subscriptions.end(sub),
    },
    chainHeadLimits,
  );
  subscriptions.follow(node);
  return startJsonRpcServer<Connection>({
    host: options.host,
    port: options.port,
    allowedOrigins: options.allowedOrigins,
    limits,
    methods: chainHandlers(methods, subscriptions, limits.maxSubscriptionsPerConnection),
    openSession: (client) => ({
      origin: client.origin,
      devAllowed: client.devAllowed,
      transport: client.transport,
      send: client.send,
      subscriptions: new Set(),
    }),
    closeSession: (connection) => subscriptions.closeConnection(connection),
  });
}
