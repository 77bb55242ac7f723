import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBoundedServer } from '../../http/limits.ts';
import { DEFAULT_APP_ORIGINS, refuseForeignOrigin } from '../../http/origins.ts';

/**
 * Home Assistant's own login, as the controller's users meet it (see docs/home-assistant.md,
 * "Logging in"): the homeassistant auth provider (usernames and hashed passwords) behind the two
 * login-flow endpoints HA serves on its HTTP port, answered the way HA answers them:
 *
 *   POST /auth/login_flow            {client_id, handler: ["homeassistant", null], redirect_uri}
 *     -> {"type": "form", "flow_id": …, "step_id": "init", "data_schema": […], "errors": {}, …}
 *   POST /auth/login_flow/<flow_id>  {client_id, username, password}
 *     -> {"type": "create_entry", …, "result": "<authorization code>"}
 *     or the form again with {"errors": {"base": "invalid_auth"}}
 */

const SCRYPT = { N: 16_384, r: 8, p: 1 };
/** What HA's provider calls itself in a flow's handler. */
const HANDLER = ['homeassistant', null] as const;
const MAX_BODY_BYTES = 64 * 1024;
/** Login flows waiting for their second request; the oldest go first beyond this. */
const MAX_FLOWS = 200;
const FLOW_TTL_MS = 10 * 60_000;

/** A password as the provider keeps it: scrypt with a random salt. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checked against for unknown usernames, so they take as long as known ones. */
const DUMMY_HASH = `scrypt$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

export function checkPassword(password: string, stored: string): boolean {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password.normalize('NFC'), Buffer.from(salt, 'base64'), 32, SCRYPT);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** HA compares usernames stripped and case-folded. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Who may log in: username -> the stored password hashes (one per home that has such a user; the
 * devnet's Home Assistant runs several homes on one port).
 */
export type UserLookup = (username: string) => readonly string[];

interface Flow {
  id: string;
  ip: string;
  clientId: string;
  redirectUri: string;
  created: number;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** HA's flow ids are ULIDs: 48 bits of time, 80 random bits, Crockford base 32. */
export function ulid(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[random[i]! % 32];
  return time + tail;
}

/** IndieAuth's client id rules as HA applies them: an http(s) URL with a host, no fragment. */
function validClientId(clientId: string): boolean {
  try {
    const url = new URL(clientId);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.hash;
  } catch {
    return false;
  }
}

/** A redirect on the client's own scheme and host is always fine for HA. */
function validRedirect(clientId: string, redirectUri: string): boolean {
  try {
    const client = new URL(clientId);
    const redirect = new URL(redirectUri);
    return client.protocol === redirect.protocol && client.host === redirect.host;
  } catch {
    return false;
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Payload too large.');
    chunks.push(chunk as Buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'Invalid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Message format incorrect: expected a dictionary');
  }
  return value as Record<string, unknown>;
}

function requireString(data: Record<string, unknown>, key: string): string {
  if (!(key in data)) {
    throw new HttpError(
      400,
      `Message format incorrect: required key not provided @ data['${key}']`,
    );
  }
  if (typeof data[key] !== 'string') {
    throw new HttpError(
      400,
      `Message format incorrect: expected str for dictionary value @ data['${key}']`,
    );
  }
  return data[key] as string;
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  // HA writes compact JSON.
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const formStep = (flowId: string, errors: Record<string, string>) => ({
  type: 'form',
  flow_id: flowId,
  handler: HANDLER,
  step_id: 'init',
  data_schema: [
    { type: 'string', name: 'username', required: true },
    { type: 'string', name: 'password', required: true },
  ],
  errors,
  description_placeholders: null,
  last_step: null,
  preview: null,
});

export interface HaAuthServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves HA's login flow on `host:port` for the users `lookup` knows. Each successful login
 * gives an authorization code (HA would exchange it at /auth/token).
 */
export async function startHaAuthServer(options: {
  host: string;
  port: number;
  lookup: UserLookup;
  log(message: string): void;
  /** Page origins that may call (tools without an Origin header always may). */
  allowedOrigins?: readonly string[];
  /**
   * Other pages of HA's HTTP port (the integration's setup page), tried first with their own
   * origin rules; true when they answered the request.
   */
  pages?(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}): Promise<HaAuthServer> {
  const flows = new Map<string, Flow>();

  const prune = () => {
    const now = Date.now();
    for (const [id, flow] of flows) {
      if (now - flow.created > FLOW_TTL_MS || flows.size > MAX_FLOWS) flows.delete(id);
    }
  };

  const startFlow = async (req: IncomingMessage, res: ServerResponse) => {
    const data = await readBody(req);
    const clientId = requireString(data, 'client_id');
    const redirectUri = requireString(data, 'redirect_uri');
    if (!('handler' in data)) {
      throw new HttpError(
        400,
        "Message format incorrect: required key not provided @ data['handler']",
      );
    }
    if (!validClientId(clientId)) throw new HttpError(400, 'Invalid client id');
    const handler = data.handler;
    const known =
      (Array.isArray(handler) &&
        handler.length === 2 &&
        handler[0] === HANDLER[0] &&
        handler[1] === null) ||
      handler === HANDLER[0];
    if (!known) throw new HttpError(404, 'Invalid handler specified');
    prune();
    const flow: Flow = {
      id: ulid(),
      ip: req.socket.remoteAddress ?? '',
      clientId,
      redirectUri,
      created: Date.now(),
    };
    flows.set(flow.id, flow);
    send(res, 200, formStep(flow.id, {}));
  };

  const continueFlow = async (req: IncomingMessage, res: ServerResponse, flowId: string) => {
    const data = await readBody(req);
    const clientId = requireString(data, 'client_id');
    if (!validClientId(clientId)) throw new HttpError(400, 'Invalid client id');
    const flow = flows.get(flowId);
    if (!flow) throw new HttpError(404, 'Invalid flow specified');
    if (flow.ip !== (req.socket.remoteAddress ?? ''))
      throw new HttpError(400, 'IP address changed');
    const { username, password } = data;
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new HttpError(400, 'User input malformed');
    }
    const normalized = normalizeUsername(username);
    const stored = options.lookup(normalized);
    // A missing user costs the same hashing time as a wrong password.
    let ok = false;
    if (stored.length === 0) checkPassword(password, DUMMY_HASH);
    else ok = stored.some((hash) => checkPassword(password, hash));
    if (!ok) {
      options.log(`login refused for "${normalized}"`);
      send(res, 200, formStep(flow.id, { base: 'invalid_auth' }));
      return;
    }
    flows.delete(flow.id);
    if (!validRedirect(flow.clientId, flow.redirectUri)) {
      throw new HttpError(403, 'Invalid redirect URI');
    }
    options.log(`${normalized} logged in`);
    send(res, 200, {
      version: 1,
      minor_version: 1,
      type: 'create_entry',
      flow_id: flow.id,
      handler: HANDLER,
      description: null,
      description_placeholders: null,
      result: randomUUID().replaceAll('-', ''),
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/auth/login_flow') {
      if (req.method === 'POST') return startFlow(req, res);
      req.resume();
      return send(res, 405);
    }
    const match = /^\/auth\/login_flow\/([^/]+)$/.exec(path);
    if (match) {
      const flowId = decodeURIComponent(match[1]!);
      if (req.method === 'POST') return continueFlow(req, res, flowId);
      req.resume();
      if (req.method === 'DELETE') {
        if (!flows.delete(flowId)) throw new HttpError(404, 'Invalid flow specified');
        return send(res, 200, { message: 'Flow aborted' });
      }
      throw new HttpError(req.method === 'GET' ? 404 : 405, 'Invalid flow specified');
    }
    req.resume();
    send(res, 404, { message: 'Not Found' });
  };

  const origins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    if (await options.pages?.(req, res)) return;
    if (refuseForeignOrigin(req, res, origins)) return;
    await handle(req, res);
  };
  const server: Server = createBoundedServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      req.resume();
      if (error instanceof HttpError) send(res, error.status, { message: error.message });
      else send(res, 500, { message: 'Internal Server Error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
