import type { ClientConnection, MethodHandler } from '../json-rpc/request.ts';
import {
  DEFAULT_JSON_RPC_LIMITS,
  type JsonRpcLimits,
  type JsonRpcServer,
  SUBSCRIPTION_OVER_HTTP,
  startJsonRpcServer,
  tooManySubscriptions,
} from '../json-rpc/server.ts';

/** A JSON-RPC method of Chopsticks: (params, subscription manager) → result. */
export type ChopsticksHandler = (params: unknown[], subscriptions: SubscriptionManager) => unknown;

/** What Chopsticks' subscription methods are given: they register and cancel by id. */
export interface SubscriptionManager {
  subscribe(method: string, id: string, onCancel?: (id: string) => void): (data: unknown) => void;
  unsubscribe(id: string): void;
}

/**
 * How long a watched transaction's `finalized` waits after its `inBlock`. Chopsticks sends it
 * 100 ms later, before @polkadot/api has read the block's events on a busy machine, and that
 * client then drops the InBlock status (see docs/real-runtime.md).
 */
const FINALIZED_DELAY_MS = 500;

/**
 * A transaction status as a node sends it. Chopsticks sends `{ready: null}` where a node sends
 * "ready" (dedot cannot decode the former), and the runtime's refusal while building a block
 * (`{invalid: {payment: null}}`, say) where a node sends "invalid".
 */
function nodeStatus(status: unknown): unknown {
  if (status && typeof status === 'object' && !Array.isArray(status)) {
    if ('ready' in status) return 'ready';
    if ('invalid' in status) return 'invalid';
  }
  return status;
}

/** A connection's subscriptions, as Chopsticks' methods register them. */
interface Session {
  manager: SubscriptionManager;
  cancels: Map<string, (id: string) => void>;
}

/** Thrown from a subscription that cannot start: the method answers with it. */
class SubscriptionRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

function openSession(connection: ClientConnection, maxSubscriptions: number): Session {
  const cancels = new Map<string, (id: string) => void>();
  const manager: SubscriptionManager = {
    subscribe(method, id, onCancel = () => {}) {
      const refusal =
        connection.transport !== 'websocket'
          ? SUBSCRIPTION_OVER_HTTP
          : cancels.size >= maxSubscriptions
            ? tooManySubscriptions(maxSubscriptions)
            : null;
      if (refusal) throw new SubscriptionRefused(refusal.code, refusal.message, refusal.data);
      cancels.set(id, onCancel);
      return (data) => {
        if (!cancels.has(id)) return;
        const result = method === 'author_extrinsicUpdate' ? nodeStatus(data) : data;
        const message = JSON.stringify({
          jsonrpc: '2.0',
          method,
          params: { subscription: id, result },
        });
        const finalized =
          method === 'author_extrinsicUpdate' &&
          typeof result === 'object' &&
          result !== null &&
          'finalized' in result;
        // The last update of a watch: sent even though Chopsticks ends the watch right after.
        if (finalized) setTimeout(() => connection.send(message), FINALIZED_DELAY_MS);
        else connection.send(message);
      };
    },
    unsubscribe(id) {
      const cancel = cancels.get(id);
      if (!cancel) return;
      cancels.delete(id);
      cancel(id);
    },
  };
  return { manager, cancels };
}

function closeSession({ cancels }: Session): void {
  for (const [id, cancel] of cancels) cancel(id);
  cancels.clear();
}

/**
 * Chopsticks' method handlers behind the devnet's JSON-RPC server (json-rpc/server.ts, shared
 * with the TypeScript engine): the same origin gate, bounds and Map method table, WebSocket and
 * HTTP POST on one port, bound to the given host and failing when the port is taken (Chopsticks'
 * own server would move to the next port, possibly another devnet service's). Each connection
 * has its own subscription table.
 */
export function startRuntimeRpcServer(options: {
  host: string;
  port: number;
  /** Chopsticks' methods by name (only own names: a Map, never an inherited property). */
  handlers: ReadonlyMap<string, ChopsticksHandler>;
  allowedOrigins?: readonly string[];
  limits?: Partial<JsonRpcLimits>;
}): Promise<JsonRpcServer> {
  const { maxSubscriptionsPerConnection } = { ...DEFAULT_JSON_RPC_LIMITS, ...options.limits };
  const methods = new Map<string, MethodHandler<Session>>();
  for (const [name, handle] of options.handlers) {
    methods.set(name, (params, session) => handle(params, session.manager));
  }
  return startJsonRpcServer<Session>({
    host: options.host,
    port: options.port,
    allowedOrigins: options.allowedOrigins,
    limits: options.limits,
    methods,
    openSession: (connection) => openSession(connection, maxSubscriptionsPerConnection),
    closeSession,
  });
}
