import type { MethodHandler } from '../../json-rpc/request.ts';
import { SUBSCRIPTION_OVER_HTTP, tooManySubscriptions } from '../../json-rpc/server.ts';
import { RpcError } from './params.ts';
import type { Connection, SubscriptionRegistry } from './subscriptions.ts';
import type { RpcMethod } from './table.ts';

const refuse = ({ code, message, data }: { code: number; message: string; data?: unknown }) =>
  new RpcError(code, message, data);

/**
 * The chain's method table as the shared JSON-RPC server calls it: calls are handled as they
 * are; a subscription is opened in the registry (at most `maxSubscriptionsPerConnection` per
 * connection, and only over WebSocket) and answers its id; an unsubscribe ends one of the
 * connection's own.
 */
export function chainHandlers(
  table: ReadonlyMap<string, RpcMethod>,
  subscriptions: SubscriptionRegistry,
  maxSubscriptionsPerConnection: number,
): ReadonlyMap<string, MethodHandler<Connection>> {
  const handlers = new Map<string, MethodHandler<Connection>>();
  for (const [method, entry] of table) {
    switch (entry.kind) {
      case 'call':
        handlers.set(method, (params, connection) => entry.handle(params, connection));
        break;
      case 'unsubscribe':
        handlers.set(method, ([id], connection) => subscriptions.unsubscribe(id, connection));
        break;
      case 'subscribe':
        handlers.set(method, (params, connection) => {
          if (connection.transport !== 'websocket') throw refuse(SUBSCRIPTION_OVER_HTTP);
          if (connection.subscriptions.size >= maxSubscriptionsPerConnection) {
            throw refuse(tooManySubscriptions(maxSubscriptionsPerConnection));
          }
          const sub = subscriptions.open(connection, method);
          entry.start(params, sub);
          subscriptions.add(sub);
          return sub.id;
        });
        break;
    }
  }
  return handlers;
}
