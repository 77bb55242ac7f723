import type {
  IncomingHttpHeaders,
  IncomingMessage,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import { DEFAULT_APP_ORIGINS } from '../../http/origins.ts';
import {
  BodyTooLargeError,
  close,
  closeAfterAnswer,
  createBoundedServer,
  listen,
  refuseForeignOrigin,
  setCors,
  skipBody,
} from '../http.ts';
import type { PeerIdentity } from '../repo/identity.ts';
import { IpfsError, type IpfsRepo } from '../repo/repo.ts';
import { type AuthOutcome, authErrorBody } from '../web3-auth-verify.ts';
import { kuboCommands, sendJson, sendKuboError } from './api-commands.ts';
import { MultipartError } from './multipart.ts';

/** Uploads beyond this are refused (everything from the network is bounded). */
export const DEFAULT_MAX_ADD_BYTES = 128 * 1024 * 1024;

export interface ApiServerOptions {
  host: string;
  port: number;
  repo: IpfsRepo;
  identity: PeerIdentity;
  /** The web3 auth in front of every RPC call; null serves without auth (a local kubo). */
  authorize: ((headers: IncomingHttpHeaders) => Promise<AuthOutcome>) | null;
  maxAddBytes?: number;
  /** Answers gateway reads (GET/HEAD /ipfs/<cid>) on this origin, before and without auth. */
  gateway?: RequestListener;
  /** Page origins that may call (tools without an Origin header always may). */
  allowedOrigins?: readonly string[];
}

export interface ApiServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * The subset of kubo's RPC API (/api/v0) that the app and the Home Assistant integration use,
 * with kubo's answers and error shapes, behind the web3 auth of the robonomics gateway.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const { repo, identity } = options;
  const maxAddBytes = options.maxAddBytes ?? DEFAULT_MAX_ADD_BYTES;

  const commands = kuboCommands({ repo, identity, maxAddBytes });
  const origins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Like the robonomics gateway, the API's host also serves files to anyone (the gateway
    // handler checks origins itself).
    if (options.gateway && req.url?.startsWith('/ipfs/')) {
      options.gateway(req, res);
      return;
    }
    if (refuseForeignOrigin(req, res, origins)) return;
    setCors(req, res, 'POST, OPTIONS', origins);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const command = url.pathname.startsWith('/api/v0/')
      ? url.pathname.slice('/api/v0/'.length)
      : null;
    if (options.authorize) {
      // The auth gateway stands in front of the whole node, so it answers before routing.
      const outcome = await options.authorize(req.headers);
      if (!outcome.ok) {
        skipBody(req, res);
        res.writeHead(outcome.status, { 'content-type': 'application/json' });
        res.end(authErrorBody(outcome.details, outcome.status));
        return;
      }
    }
    const run = command === null ? undefined : commands.get(command.replace(/\/$/, ''));
    if (!run) {
      skipBody(req, res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 page not found');
      return;
    }
    if (req.method !== 'POST') {
      skipBody(req, res);
      res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('405 - Method Not Allowed');
      return;
    }
    await run(req, res, url.searchParams);
  };

  const server = createBoundedServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      if (error instanceof BodyTooLargeError) {
        // The rest of the body is not read: answer, then drop the connection (whose socket the
        // body's reader may have destroyed already).
        closeAfterAnswer(req, res);
        sendJson(res, 413, { Message: error.message, Code: 1, Type: 'error' });
        return;
      }
      skipBody(req, res);
      if (error instanceof IpfsError) sendKuboError(res, error);
      else if (error instanceof MultipartError) {
        sendKuboError(res, new IpfsError(error.message, { code: 1 }));
      } else {
        sendKuboError(res, new IpfsError((error as Error).message ?? String(error)));
      }
    });
  });
  const url = await listen(server, options.host, options.port);
  return { url, server, close: () => close(server) };
}
