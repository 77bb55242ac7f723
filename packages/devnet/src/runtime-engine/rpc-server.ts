import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

/** A JSON-RPC method of Chopsticks: (params, subscription manager) → result. */
export type RpcHandler = (
  request: { method: string; params: unknown[] },
  subscriptions: SubscriptionManager,
) => Promise<unknown>;

export interface SubscriptionManager {
  subscribe(method: string, id: string, onCancel?: (id: string) => void): (data: unknown) => void;
  unsubscribe(id: string): void;
}

/** Same bound as the TypeScript engine's server: no request may be larger than this. */
const MAX_PAYLOAD = 16 * 1024 * 1024;
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

interface JsonRpcRequest {
  id?: number | string | null;
  jsonrpc?: string;
  method?: unknown;
  params?: unknown;
}

/**
 * Substrate JSON-RPC over WebSocket in front of Chopsticks' method handlers, on the devnet's own
 * terms: bound to the given host, failing when the port is taken (Chopsticks' own server would
 * move to the next port, possibly another devnet service's), bounded messages, one subscription
 * table per connection.
 */
export async function startRuntimeRpcServer(options: {
  host: string;
  port: number;
  handle: RpcHandler;
}): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = new WebSocketServer({
    host: options.host,
    port: options.port,
    maxPayload: MAX_PAYLOAD,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

  server.on('connection', (socket) => {
    const cancels = new Map<string, (id: string) => void>();
    const send = (message: unknown) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };
    const manager: SubscriptionManager = {
      subscribe(method, id, onCancel = () => {}) {
        cancels.set(id, onCancel);
        return (data) => {
          if (!cancels.has(id)) return;
          const result = method === 'author_extrinsicUpdate' ? nodeStatus(data) : data;
          const message = { jsonrpc: '2.0', method, params: { subscription: id, result } };
          const finalized =
            method === 'author_extrinsicUpdate' &&
            typeof result === 'object' &&
            result !== null &&
            'finalized' in result;
          // The last update of a watch: sent even though Chopsticks ends the watch right after.
          if (finalized) setTimeout(() => send(message), FINALIZED_DELAY_MS);
          else send(message);
        };
      },
      unsubscribe(id) {
        const cancel = cancels.get(id);
        if (!cancel) return;
        cancels.delete(id);
        cancel(id);
      },
    };
    const answer = async (request: JsonRpcRequest) => {
      const id = request.id ?? null;
      if (typeof request.method !== 'string') {
        return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } };
      }
      const params = request.params === undefined ? [] : request.params;
      if (!Array.isArray(params)) {
        return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } };
      }
      try {
        const result = await options.handle({ method: request.method, params }, manager);
        return { jsonrpc: '2.0', id, result: result ?? null };
      } catch (error) {
        const e = error as { code?: unknown; message?: string; data?: unknown };
        return {
          jsonrpc: '2.0',
          id,
          error:
            typeof e.code === 'number'
              ? { code: e.code, message: e.message ?? 'Error', data: e.data }
              : { code: -32603, message: `Internal error: ${e.message ?? String(error)}` },
        };
      }
    };
    socket.on('message', async (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
        return;
      }
      if (Array.isArray(parsed)) {
        send(await Promise.all(parsed.map((r) => answer(r as JsonRpcRequest))));
      } else if (parsed && typeof parsed === 'object') {
        send(await answer(parsed as JsonRpcRequest));
      } else {
        send({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
      }
    });
    const cancelAll = () => {
      for (const [id, cancel] of cancels) cancel(id);
      cancels.clear();
    };
    socket.on('close', cancelAll);
    socket.on('error', cancelAll);
  });

  const port = (server.address() as AddressInfo).port;
  return {
    url: `ws://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
