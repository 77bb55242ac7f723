import { PoolError } from '../extrinsic.ts';
import { ChainHaltedError } from '../node.ts';
import { RpcError } from '../rpc-params.ts';
import { isDevMethod } from './dev.ts';
import { errorReply, type Reply } from './frames.ts';
import type { Connection, SubscriptionRegistry } from './subscriptions.ts';
import type { RpcMethod } from './table.ts';

export interface Dispatcher {
  methods: ReadonlyMap<string, RpcMethod>;
  subscriptions: SubscriptionRegistry;
  maxSubscriptionsPerConnection: number;
}

/** Answers one request object from the method table; null for a notification (no id). */
export async function answerRequest(
  request: unknown,
  connection: Connection,
  { methods, subscriptions, maxSubscriptionsPerConnection }: Dispatcher,
): Promise<Reply | null> {
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
    switch (entry.kind) {
      case 'unsubscribe':
        return { jsonrpc: '2.0', id, result: subscriptions.unsubscribe(params[0], connection) };
      case 'subscribe': {
        if (connection.subscriptions.size >= maxSubscriptionsPerConnection) {
          return errorReply(
            id,
            -32006,
            'Too many subscriptions on the connection',
            `Exceeded max limit of ${maxSubscriptionsPerConnection}`,
          );
        }
        const sub = subscriptions.open(connection, method);
        entry.start(params, sub);
        subscriptions.add(sub);
        return { jsonrpc: '2.0', id, result: sub.id };
      }
      case 'call':
        return { jsonrpc: '2.0', id, result: await entry.handle(params, connection) };
    }
  } catch (error) {
    if (error instanceof RpcError || error instanceof PoolError) {
      return errorReply(id, error.code, error.message, error.data);
    }
    if (error instanceof ChainHaltedError) {
      return errorReply(id, -32603, 'Internal error', error.message);
    }
    return errorReply(id, -32603, 'Internal error', (error as Error).message);
  }
}
