import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { ALICE as SEEDED_OWNER } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { type ChainServiceHandle, startChainService } from '../../src/chain/service.ts';
import type { ServiceHandle } from '../../src/common/options.ts';
import { OWNER_HEADER } from '../../src/common/runtime-rules.ts';
import { testOptions } from '../../src/common/test-support.ts';
import { HTTP_TIMEOUTS } from '../../src/http/limits.ts';
import { startIpfsService } from '../../src/ipfs/service.ts';
import { startOracleService } from '../../src/oracle/service.ts';
import { startReleasesServer } from '../../src/releases/releases-server.ts';
import type { AbuseCase } from './chain-cases.ts';
import { seededRandom } from './loop-delay.ts';

// Abusive HTTP input for the devnet's HTTP services (IPFS API and gateway, oracle, releases),
// shared by the test and `npm run bench`, as the chain's cases are.

export interface HttpAbuseContext {
  ipfsApi: string;
  gateway: string;
  oracle: string;
  releases: string;
  /** The owner of an active subscription (for requests that must get past the owner check). */
  owner: string;
}

/**
 * The services the HTTP cases use, in this process on free ports: the seeded chain (read by the
 * web3 auth), IPFS, the oracle and the releases endpoint.
 */
export async function startHttpTargets(dataDir: string): Promise<{
  ctx: HttpAbuseContext;
  chain: ChainServiceHandle;
  stop(): Promise<void>;
}> {
  const base = testOptions(dataDir, { seed: true });
  const options = { ...base, ports: { ...base.ports, oracle: 0, releases: 0 } };
  const handles: ServiceHandle[] = [];
  const chain = await startChainService(options);
  handles.push(chain);
  const running = new Map<string, ServiceHandle>([['chain', chain]]);
  const ipfs = await startIpfsService(options, running);
  handles.push(ipfs);
  const oracle = await startOracleService(options, running);
  handles.push(oracle);
  const releases = await startReleasesServer('127.0.0.1', 0);
  handles.push(releases);
  return {
    ctx: {
      ipfsApi: ipfs.apiUrl,
      gateway: ipfs.gatewayUrl,
      oracle: oracle.url,
      releases: releases.url,
      owner: SEEDED_OWNER,
    },
    chain,
    stop: async () => {
      for (const handle of handles.reverse()) await handle.stop();
    },
  };
}

/** Host and port of an http:// URL. */
function target(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}

/** Opens a TCP connection to a server. */
export function rawConnect(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(target(url), () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and how long that took. */
export function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    socket.once('close', () =>
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ms: performance.now() - started }),
    );
    socket.on('error', () => {});
  });
}

/** A request line and headers (no body), as a slow or lying client would start one. */
function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A Basic web3-auth header whose user name is `length` characters long. */
function longUserName(length: number): string {
  const user = `sub-5${'G'.repeat(length)}`;
  return `Basic ${Buffer.from(`${user}:0x${'00'.repeat(64)}`).toString('base64')}`;
}

const OK_STATUSES = new Set([200, 400, 401, 403, 404, 405, 413, 500, 501, 503]);

export const httpCases: AbuseCase<HttpAbuseContext>[] = [
  {
    name: '16 IPFS requests with an 11,000-character Basic user name',
    run: async ({ ipfsApi, owner }) => {
      const answers = await Promise.all(
        Array.from({ length: 16 }, () =>
          fetch(`${ipfsApi}/api/v0/version`, {
            method: 'POST',
            headers: { authorization: longUserName(11_000), [OWNER_HEADER]: owner },
          }),
        ),
      );
      for (const res of answers) {
        assert.equal(res.status, 401);
        assert.deepEqual(await res.json(), {
          error: { reason: 'UNAUTHORIZED', details: 'Invalid Signature' },
        });
      }
    },
  },
  {
    name: 'an IPFS owner header of 11,000 characters',
    run: async ({ ipfsApi }) => {
      const res = await fetch(`${ipfsApi}/api/v0/version`, {
        method: 'POST',
        headers: { authorization: longUserName(10), [OWNER_HEADER]: `5${'G'.repeat(11_000)}` },
      });
      assert.equal(res.status, 401);
      await res.arrayBuffer();
    },
  },
  {
    name: 'a gateway path with a 12,000-character CID',
    run: async ({ gateway }) => {
      const res = await fetch(`${gateway}/ipfs/Qm${'z'.repeat(12_000)}`);
      assert.equal(res.status, 400);
      assert.match(await res.text(), /too long/);
    },
  },
  {
    name: 'headers over 16 KiB are refused (431)',
    run: async ({ oracle }) => {
      const socket = await rawConnect(oracle);
      const closed = untilClosed(socket);
      socket.write(head('POST', '/api/check', { 'x-pad': 'a'.repeat(20_000) }));
      const { text } = await closed;
      assert.match(text, /^HTTP\/1\.1 431/);
    },
  },
  {
    name: 'declared 99,999,999,999-byte bodies are refused at once (413), unread',
    run: async ({ oracle, ipfsApi, owner }) => {
      for (const [url, path, headers] of [
        [oracle, '/api/verify', {}],
        [ipfsApi, '/api/v0/add', { authorization: longUserName(10), [OWNER_HEADER]: owner }],
      ] as const) {
        const socket = await rawConnect(url);
        const closed = untilClosed(socket);
        socket.write(
          head('POST', path, {
            ...headers,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': '99999999999',
          }),
        );
        const { text, ms } = await closed;
        // The IPFS API checks the web3 auth first (401); the oracle the length (413). Either
        // way the connection is closed at once, not when a timeout ends it.
        assert.match(text, /^HTTP\/1\.1 (413|401)/, `${url}: ${text.slice(0, 80)}`);
        assert.ok(ms < HTTP_TIMEOUTS.headersMs, `${url} closed after ${ms.toFixed(0)} ms`);
      }
    },
  },
  {
    name: 'random request bodies to the oracle and the IPFS API',
    prepare: () => {
      const random = seededRandom(20);
      return Array.from({ length: 120 }, (_, i) => {
        const size = Math.floor(random() ** 4 * 200_000);
        const bytes = Buffer.alloc(size);
        for (let j = 0; j < size; j++) bytes[j] = Math.floor(random() * 256);
        const json = random() < 0.5;
        return {
          path: ['/api/check', '/api/verify', '/api/v0/add', '/api/v0/cat?arg=x'][i % 4]!,
          body: json
            ? Buffer.from(JSON.stringify({ nft: random() * 1e6, address: bytes.toString('hex') }))
            : bytes,
          type: json ? 'application/json' : `multipart/form-data; boundary=${random()}`,
        };
      });
    },
    run: async (
      { oracle, ipfsApi, owner },
      requests: { path: string; body: Buffer; type: string }[],
    ) => {
      for (const { path, body, type } of requests) {
        const base = path.startsWith('/api/v0') ? ipfsApi : oracle;
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': type, [OWNER_HEADER]: owner },
          body: new Uint8Array(body),
        });
        assert.ok(OK_STATUSES.has(res.status), `${path}: HTTP ${res.status}`);
        await res.arrayBuffer();
      }
    },
  },
];

/**
 * Slow clients: each server must drop a connection whose request headers never end within a few
 * seconds (the probe saw 95–130 s).
 */
export async function slowHeaderClose(urls: string[]): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) => {
      const socket = await rawConnect(url);
      const closed = untilClosed(socket);
      socket.write('GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n');
      // One more header byte every half second: never the blank line that ends the headers.
      const drip = setInterval(() => socket.write('x'), 500);
      try {
        return (await closed).ms;
      } finally {
        clearInterval(drip);
      }
    }),
  );
}
