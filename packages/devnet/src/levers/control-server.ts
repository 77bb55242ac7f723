import type { IncomingMessage, ServerResponse } from 'node:http';
import { SETUP_FILE_MAX_LENGTH } from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import {
  ALREADY_CONFIGURED_TEXT,
  SETUP_ERROR_TEXT,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import type { ManualEntry, SetupInput } from '../controller/setup/integration-flow.ts';
import type { AdoptOutcome } from '../controller/setup/setup-page.ts';
import {
  BodyTooLargeError,
  closeAfterAnswer,
  closeServer,
  createBoundedServer,
  listen,
  readBody,
  skipBody,
} from '../http/limits.ts';
import { originOf } from '../http/origins.ts';
import { type ProxyGeneration, proxyGenerations } from '../p2p/proxy-node.ts';
import { ControlError } from './control-error.ts';

/**
 * The devnet's levers for tools and tests, over HTTP on loopback (see docs/devnet.md, "Levers"):
 * what a real network does to a home now and then, on demand. Web pages get nothing here: every
 * request naming an origin is refused, and so is every request whose Host is not this server's
 * loopback address (a DNS-rebinding page's requests name its own host, and carry no Origin when
 * they are same-origin to it).
 *
 * - `GET /` — what runs: `{"proxy": "legacy" | "current" | "external", "homeAssistantLinked": …}`
 * - `POST /relay/restart` — the relay goes away and comes back (as `kill -USR2`).
 * - `POST /relay/push-update` `{"data": …}` — the relay oversteps: it sends that body on
 *   `/update` itself to every app connected to it, as if it were their home; answers
 *   `{"sent", "answered"}` (an app that only listens to its home answers none).
 * - `POST /proxy` `{"generation": "legacy" | "current"}` — the home's proxy restarts in that
 *   generation (same peer key, ports and kept messages), as when a home updates its add-on.
 * - `POST /home-assistant/proxy-link` `{"connected": false | true}` — Home Assistant drops its
 *   WebSocket to the proxy and stays away, or links again.
 * - `POST /controller` `{"running": false | true}` — the home (Home Assistant with the
 *   integration) is switched off, as when it loses power or its internet, or on again.
 * - `POST /proxy/hold-hello` `{"held": true | false}` — the seeded home's proxy keeps its hello
 *   from Home Assistant, or lets it through.
 * - `POST /proxy/new-identity` — the seeded home's proxy restarts with a new random peer key.
 * - `GET /homes` — every home Home Assistant runs; `POST /homes` — the integration's setup with a
 *   setup file (`{"file", "password"}`) and/or its manual step (`{"manual": {"seed", "owner",
 *   "network"}}`): 201, 200 `{"next": "manual"}`, 409 already configured or 422 with the
 *   integration's error.
 */

export interface ControlActions {
  status(): Record<string, unknown>;
  restartRelay(): Promise<void>;
  pushRelayUpdate(body: unknown): Promise<{ sent: number; answered: number }>;
  restartProxy(generation: ProxyGeneration): Promise<void>;
  linkHomeAssistant(connected: boolean): Promise<void>;
  runController(running: boolean): Promise<void>;
  holdHello(held: boolean): Promise<void>;
  newProxyIdentity(): Promise<void>;
  homes(): unknown[];
  adoptHome(input: SetupInput): Promise<AdoptOutcome>;
}

const MAX_BODY_BYTES = 4 * 1024;
/**
 * A setup file at the integration's limit (SETUP_FILE_MAX_LENGTH characters), every character
 * JSON-escaped at worst (\uXXXX, 6 bytes), with the password and the manual step beside it: the
 * integration, not the levers, says a file is too large.
 */
const MAX_HOMES_BODY_BYTES = SETUP_FILE_MAX_LENGTH * 6 + 64 * 1024;
/** A home's states, sealed, as an /update carries them. */
const MAX_UPDATE_BODY_BYTES = 8 * 1024 * 1024;

/** The request's JSON object body ({} when empty). */
async function readJsonBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<Record<string, unknown>> {
  let bytes: Buffer;
  try {
    bytes = await readBody(req, limit);
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

const optionalString = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ControlError(400, `${key} must be a string.`);
  return value;
};

/** `POST /homes`'s body as the integration's steps take it. */
export function setupInputOf(body: Record<string, unknown>): SetupInput {
  const file = optionalString(body, 'file');
  const password = optionalString(body, 'password');
  let manual: ManualEntry | undefined;
  if (body.manual !== undefined) {
    const m = body.manual;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) {
      throw new ControlError(400, 'manual must be an object {"seed", "owner", "network"}.');
    }
    const fields = m as Record<string, unknown>;
    manual = {
      seed: optionalString(fields, 'seed'),
      owner: optionalString(fields, 'owner'),
      network: optionalString(fields, 'network'),
    };
  }
  if (file === undefined && manual === undefined) {
    throw new ControlError(
      400,
      'Give the setup file {"file": <its text>, "password": …}, the manual step {"manual": {"seed", "owner", "network"}}, or both.',
    );
  }
  return { file, password, manual };
}

/** An outcome of the integration's steps as the route answers it. */
export function adoptAnswer(outcome: AdoptOutcome): { status: number; body: unknown } {
  switch (outcome.kind) {
    case 'created':
      return { status: 201, body: outcome.home };
    case 'running':
      return { status: 200, body: { ...outcome.home, alreadyRunning: true, since: outcome.since } };
    case 'manual':
      return { status: 200, body: { next: 'manual', missing: outcome.missing } };
    case 'already_configured':
      return {
        status: 409,
        body: {
          error: 'already_configured',
          text: ALREADY_CONFIGURED_TEXT,
          reason: outcome.reason,
        },
      };
    case 'failed':
      return {
        status: 422,
        body: { error: outcome.key, text: SETUP_ERROR_TEXT[outcome.key], reason: outcome.reason },
      };
  }
}

/** The loopback names the levers answer to, each with the server's port. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Whether the request names this server by a loopback address and its port. A page of another
 * site that had its name resolve to 127.0.0.1 (DNS rebinding) reaches the port, but its requests
 * carry its own name as Host.
 */
export function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
  if (host === undefined || port === undefined) return false;
  return LOOPBACK_HOSTS.some((name) => host.toLowerCase() === `${name}:${port}`);
}

export async function startControlServer(
  host: string,
  port: number,
  actions: ControlActions,
): Promise<{ url: string; close(): Promise<void> }> {
  const route = async (req: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/') return { status: 200, body: actions.status() };
    if (req.method === 'GET' && path === '/homes') {
      return { status: 200, body: { homes: actions.homes() } };
    }
    if (req.method !== 'POST') throw new ControlError(405, 'Use GET /, GET /homes or POST.');
    if (path === '/homes') {
      const input = setupInputOf(await readJsonBody(req, MAX_HOMES_BODY_BYTES));
      return adoptAnswer(await actions.adoptHome(input));
    }
    if (path === '/relay/push-update') {
      const body = await readJsonBody(req, MAX_UPDATE_BODY_BYTES);
      if (!('data' in body)) throw new ControlError(400, 'Send {"data": …}, the /update body.');
      return { status: 200, body: await actions.pushRelayUpdate(body) };
    }
    const body = await readJsonBody(req);
    if (path === '/relay/restart') {
      await actions.restartRelay();
    } else if (path === '/proxy') {
      const generation = proxyGenerations.find((known) => known === body.generation);
      if (!generation) throw new ControlError(400, 'generation must be "legacy" or "current".');
      await actions.restartProxy(generation);
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
    } else if (path === '/proxy/hold-hello') {
      if (typeof body.held !== 'boolean')
        throw new ControlError(400, 'held must be true or false.');
      await actions.holdHello(body.held);
    } else if (path === '/proxy/new-identity') {
      await actions.newProxyIdentity();
    } else {
      throw new ControlError(404, `No lever at ${path}.`);
    }
    return { status: 200, body: actions.status() };
  };

  const server = createBoundedServer((req, res) => {
    if (!isLoopbackHost(req.headers.host, req.socket?.localPort)) {
      skipBody(req, res);
      reply(res, 403, {
        error: `The devnet levers answer only requests to their loopback address (Host 127.0.0.1:${req.socket?.localPort}, localhost or [::1] with that port).`,
      });
      return;
    }
    if (originOf(req) !== undefined) {
      skipBody(req, res);
      reply(res, 403, { error: 'The devnet levers serve tools, not web pages.' });
      return;
    }
    route(req).then(
      ({ status, body }) => reply(res, status, body),
      (error: unknown) => {
        const status = error instanceof ControlError ? error.status : 500;
        // The rest of a body over the limit is not read: the connection closes after the answer.
        if (status === 413) closeAfterAnswer(req, res);
        reply(res, status, { error: (error as Error).message });
      },
    );
  });
  const url = await listen(server, host, port);
  return { url, close: () => closeServer(server) };
}
