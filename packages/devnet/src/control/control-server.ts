import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  closeServer,
  createBoundedServer,
  listen,
  readBody,
} from '../http/limits.ts';
import { originOf } from '../http/origins.ts';
import type { ProxyGeneration } from '../proxy/proxy-node.ts';

/**
 * The devnet's levers for tools and tests, over HTTP on loopback (see docs/devnet.md, "Levers"):
 * what a real network does to a home now and then, on demand. Web pages get nothing here (every
 * request naming an origin is refused).
 *
 * - `GET /` — what runs: `{"proxy": "legacy" | "current" | "external", "homeAssistantLinked": …}`
 * - `POST /relay/restart` — the relay goes away and comes back (as `kill -USR2`).
 * - `POST /proxy` `{"generation": "legacy" | "current"}` — the home's proxy restarts in that
 *   generation (same peer key, ports and kept messages), as when a home updates its add-on.
 * - `POST /home-assistant/proxy-link` `{"connected": false | true}` — Home Assistant drops its
 *   WebSocket to the proxy and stays away, or links again.
 * - `POST /controller` `{"running": false | true}` — the home (Home Assistant with the
 *   integration) is switched off, as when it loses power or its internet, or on again.
 */

export interface ControlActions {
  status(): Record<string, unknown>;
  restartRelay(): Promise<void>;
  restartProxy(generation: ProxyGeneration): Promise<void>;
  linkHomeAssistant(connected: boolean): Promise<void>;
  runController(running: boolean): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024;

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request's JSON object body ({} when empty). */
async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let bytes: Buffer;
  try {
    bytes = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ControlError(413, 'The request body is too large.');
    }
    throw error;
  }
  if (bytes.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ControlError(400, 'The request body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ControlError(400, 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startControlServer(
  host: string,
  port: number,
  actions: ControlActions,
): Promise<{ url: string; close(): Promise<void> }> {
  const route = async (req: IncomingMessage): Promise<unknown> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/') return actions.status();
    if (req.method !== 'POST') throw new ControlError(405, 'Use GET / or POST.');
    const body = await readJsonBody(req);
    if (path === '/relay/restart') {
      await actions.restartRelay();
    } else if (path === '/proxy') {
      if (body.generation !== 'legacy' && body.generation !== 'current') {
        throw new ControlError(400, 'generation must be "legacy" or "current".');
      }
      await actions.restartProxy(body.generation);
    } else if (path === '/home-assistant/proxy-link') {
      if (typeof body.connected !== 'boolean') {
        throw new ControlError(400, 'connected must be true or false.');
      }
      await actions.linkHomeAssistant(body.connected);
    } else if (path === '/controller') {
      if (typeof body.running !== 'boolean') {
        throw new ControlError(400, 'running must be true or false.');
      }
      await actions.runController(body.running);
    } else {
      throw new ControlError(404, `No lever at ${path}.`);
    }
    return actions.status();
  };

  const server = createBoundedServer((req, res) => {
    if (originOf(req) !== undefined) {
      reply(res, 403, { error: 'The devnet levers serve tools, not web pages.' });
      return;
    }
    route(req).then(
      (body) => reply(res, 200, body),
      (error: unknown) =>
        reply(res, error instanceof ControlError ? error.status : 500, {
          error: (error as Error).message,
        }),
    );
  });
  const url = await listen(server, host, port);
  return { url, close: () => closeServer(server) };
}
