import { errorReply, type Reply } from './frames.ts';

/** One client connection, as the server and the methods see it. */
export interface ClientConnection {
  /** The page's origin, or undefined for a tool (no Origin header). */
  readonly origin: string | undefined;
  /** Whether dev_* methods may be called on this connection. */
  readonly devAllowed: boolean;
  /** HTTP POST carries one frame and its answer; notifications need a WebSocket. */
  readonly transport: 'websocket' | 'http';
  /** Sends a text frame to the client (a notification); nothing over HTTP. */
  send(text: string): void;
}

/** A method: its params and the connection's session (what the engine keeps per connection). */
export type MethodHandler<S> = (params: unknown[], session: S) => unknown;

/** What answering a request needs: the method table and who is asking. */
export interface RequestContext<S> {
  /** A Map: a method name is only ever one of its keys, never an inherited property. */
  methods: ReadonlyMap<string, MethodHandler<S>>;
  session: S;
  connection: ClientConnection;
  /** Methods only tools and the app's origins may call. */
  isDevMethod(method: string): boolean;
}

/** dev_* methods: block production, time and storage under a tool's or a test's control. */
export const isDevMethod = (method: string) => method.startsWith('dev_');

const invalidRequest = (id: unknown) => errorReply(id, -32600, 'Invalid request');

const isId = (id: unknown): id is string | number | null =>
  id === null || typeof id === 'number' || typeof id === 'string';

/**
 * Answers one element of a frame as JSON-RPC 2.0 asks: anything that is not a request object
 * (`{}`, a number, a request without `"jsonrpc": "2.0"` or a method name) gets -32600 with the
 * id when it has a usable one, else null; a request without an id is a notification and gets no
 * answer (nor is it run). Errors with a numeric code (the engines' own) are answered as they are;
 * anything else is -32603.
 */
export async function answerRequest<S>(
  request: unknown,
  { methods, session, connection, isDevMethod }: RequestContext<S>,
): Promise<Reply | null> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return invalidRequest(null);
  }
  const hasId = Object.hasOwn(request, 'id');
  const {
    jsonrpc,
    id,
    method,
    params = [],
  } = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return invalidRequest(hasId && isId(id) ? id : null);
  }
  if (!hasId) return null;
  if (!isId(id)) return invalidRequest(null);
  if (!Array.isArray(params)) {
    return errorReply(id, -32602, 'Invalid params', 'params must be an array');
  }
  if (isDevMethod(method) && !connection.devAllowed) {
    return errorReply(id, -32601, 'RPC call is unsafe to be called externally');
  }
  const handle = methods.get(method);
  if (!handle) return errorReply(id, -32601, 'Method not found');
  try {
    return { jsonrpc: '2.0', id, result: (await handle(params, session)) ?? null };
  } catch (error) {
    const { code, message, data } = (error ?? {}) as {
      code?: unknown;
      message?: unknown;
      data?: unknown;
    };
    if (Number.isInteger(code) && typeof message === 'string') {
      return errorReply(id, code as number, message, data);
    }
    return errorReply(
      id,
      -32603,
      'Internal error',
      typeof message === 'string' ? message : String(error),
    );
  }
}
