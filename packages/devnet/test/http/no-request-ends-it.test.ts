import { connect } from 'node:net';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../../src/common/test-support.ts';
import { DEFAULT_MAX_ADD_BYTES } from '../../src/ipfs/api/api-server.ts';
import { seedAccounts, web3Headers } from '../../src/ipfs/test-support.ts';
import { LATEST_RELEASE_PATH } from '../../src/releases/releases-server.ts';
import { allServiceNames } from '../../src/services.ts';
import { type DevnetProcess, startDevnet } from '../chain/devnet-process.ts';

/**
 * One client must not take the devnet down: every service runs in one process, so an error that
 * escapes one request would end the chain, IPFS, the oracle and Home Assistant with it
 * (docs/devnet.md, "When one service fails"). These tests run a whole devnet process.
 */

const MiB = 1024 * 1024;
let devnet: DevnetProcess;
let urls: {
  chain: string;
  crust: string;
  ipfsApi: string;
  gateway: string;
  evm: string;
  oracle: string;
  releases: string;
  setupPage: string;
  levers: string;
};
let auth: Record<string, string>;

/** The URL in the line of the devnet's output that starts with `prefix`. */
function printed(prefix: string): string {
  const line = devnet.output.find((l) => l.trimStart().startsWith(prefix));
  const url = line?.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`the devnet printed no "${prefix}" line:\n${devnet.output.join('\n')}`);
  return url;
}

beforeAll(async () => {
  await cryptoWaitReady();
  const { alice } = await seedAccounts();
  // Alice's subscription has Alice as a device (chain/seed.ts): her uploads pass the web3 auth.
  auth = web3Headers(alice, alice.address);
  devnet = await startDevnet(['--instant', '--reset', '--seed'], undefined, {
    services: allServiceNames,
  });
  const httpOf = (ws: string) => ws.replace(/^ws/, 'http');
  urls = {
    chain: httpOf(devnet.urls.chain!),
    crust: httpOf(devnet.urls.crust!),
    ipfsApi: devnet.urls.ipfs!,
    gateway: printed('gateway http').replace(/\/ipfs\/$/, ''),
    evm: devnet.urls.evm!,
    oracle: devnet.urls.oracle!,
    releases: devnet.urls.releases!,
    setupPage: printed('Robonomics setup page'),
    levers: devnet.urls.control!,
  };
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

const timeout = () => AbortSignal.timeout(15_000);

async function rpcOverHttp(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: timeout(),
  });
  expect(res.status, `${url} ${method}`).toBe(200);
  return ((await res.json()) as { result?: unknown }).result;
}

/** Every service of the process answers as it should (else the devnet's last words). */
async function expectEveryServiceAnswers(): Promise<void> {
  try {
    await everyServiceAnswers();
  } catch (error) {
    const exit =
      devnet.child.exitCode === null ? 'still runs' : `exited (${devnet.child.exitCode})`;
    throw new Error(
      `${(error as Error).message}; the devnet ${exit}, its last lines:\n${devnet.output.slice(-15).join('\n')}`,
    );
  }
}

async function everyServiceAnswers(): Promise<void> {
  expect(devnet.child.exitCode).toBeNull();
  expect(await rpcOverHttp(urls.chain, 'system_chain')).toEqual(expect.any(String));
  expect(await rpcOverHttp(urls.crust, 'system_chain')).toEqual(expect.any(String));
  expect(await rpcOverHttp(urls.evm, 'eth_chainId')).toMatch(/^0x/);
  const version = await fetch(`${urls.ipfsApi}/api/v0/version`, {
    method: 'POST',
    headers: auth,
    signal: timeout(),
  });
  expect(version.status).toBe(200);
  expect(((await version.json()) as { Version?: string }).Version).toBeTruthy();
  // The empty file by its identity CID: served by both gateways without looking anything up.
  for (const gateway of [urls.gateway, urls.ipfsApi]) {
    const file = await fetch(`${gateway}/ipfs/bafkqaaa`, { signal: timeout() });
    expect(file.status, gateway).toBe(200);
    expect(await file.text()).toBe('');
  }
  const oracle = await fetch(`${urls.oracle}/api/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: timeout(),
  });
  expect(oracle.status).toBe(200);
  expect(await oracle.json()).toHaveProperty('error');
  const release = await fetch(`${urls.releases}${LATEST_RELEASE_PATH}`, { signal: timeout() });
  expect(release.status).toBe(200);
  expect(await release.json()).toHaveProperty('tag_name');
  const page = await fetch(urls.setupPage, { signal: timeout() });
  expect(page.status).toBe(200);
  // The integration's config flow opens at its acknowledgements.
  expect(await page.text()).toContain('name="warn_data_sending"');
  const levers = await fetch(urls.levers, { signal: timeout() });
  expect(levers.status).toBe(200);
  expect(await levers.json()).toHaveProperty('controllerRunning', true);
}

/**
 * Sends an `add` with `bytes` of body to the IPFS API over a raw socket, without reading the
 * answer while it writes: chunked (no length), or with a declared Content-Length. Resolves once
 * the connection is gone (the server drops it past the limit) or the body is sent and answered,
 * with the answer's status line when one could be read ('' when the connection was cut first).
 */
function upload(bytes: number, declared?: number): Promise<string> {
  const { port } = new URL(urls.ipfsApi);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let done = false;
    let answer = '';
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer.split('\r\n')[0] ?? '');
    };
    const timer = setTimeout(finish, 120_000);
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('end', finish);
    const head = [
      'POST /api/v0/add?pin=true HTTP/1.1',
      'host: 127.0.0.1',
      'content-type: multipart/form-data; boundary=xyz',
      ...Object.entries(auth).map(([name, value]) => `${name}: ${value}`),
      declared === undefined ? 'transfer-encoding: chunked' : `content-length: ${declared}`,
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    const chunk = Buffer.alloc(MiB, 0x61);
    const frame =
      declared === undefined
        ? Buffer.concat([
            Buffer.from(`${chunk.length.toString(16)}\r\n`),
            chunk,
            Buffer.from('\r\n'),
          ])
        : chunk;
    let sent = 0;
    const pump = () => {
      while (!done && sent < bytes) {
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (done) return;
      if (declared === undefined) socket.write('0\r\n\r\n');
      // Sent: now the answer may be read, until the server closes.
      socket.on('data', (data: Buffer) => {
        answer += data.toString('latin1');
      });
    };
    pump();
  });
}

describe('no request ends the devnet', () => {
  it('survives four concurrent uploads over the IPFS limit, then every service answers', async () => {
    await expectEveryServiceAnswers();
    const over = DEFAULT_MAX_ADD_BYTES + 2 * MiB;
    // Sent without a length: the server reads up to the limit, answers 413 and drops them.
    const unannounced = await Promise.all([0, 1, 2, 3].map(() => upload(over)));
    await expectEveryServiceAnswers();
    // With a declared length over the limit: refused before any of the body is read.
    const declared = await Promise.all([0, 1, 2, 3].map(() => upload(4 * MiB, over)));
    await expectEveryServiceAnswers();
    // Whatever could be read of the answers is the refusal (a cut connection reads nothing)...
    for (const status of [...unannounced, ...declared]) {
      expect(status).toMatch(/^(HTTP\/1\.1 413 |$)/);
    }
    // ...as a client that reads it sees: these uploads passed the web3 auth and met the limit.
    const headers = Object.entries(auth).map(([name, value]) => `${name}: ${value}\r\n`);
    const refusal = await rawRequest(
      urls.ipfsApi,
      `POST /api/v0/add HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: multipart/form-data; boundary=xyz\r\n${headers.join('')}content-length: ${over}\r\n\r\n`,
    );
    expect(refusal).toMatch(/^HTTP\/1\.1 413 /);
  }, 240_000);
});

/** The status line of the answer to one raw request (empty when the connection was dropped). */
function rawRequest(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer.split('\r\n')[0] ?? '');
    });
    socket.end(request);
  });
}

describe('request targets no URL can be made of', () => {
  it('are answered by every HTTP service, which goes on serving', async () => {
    const services = [
      urls.chain,
      urls.crust,
      urls.ipfsApi,
      urls.gateway,
      urls.evm,
      urls.oracle,
      urls.releases,
      urls.setupPage,
      urls.levers,
    ];
    // `new URL('//', base)` throws: a scheme-relative target with no host.
    for (const target of ['//', '//host:99999/x', '//[/x']) {
      for (const url of services) {
        for (const method of ['GET', 'POST']) {
          const status = await rawRequest(
            url,
            `${method} ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
          );
          expect(status, `${method} ${target} to ${url}`).toMatch(/^HTTP\/1\.1 4\d\d /);
        }
      }
    }
    await expectEveryServiceAnswers();
  }, 120_000);
});

/** Resolves once the devnet printed a line matching `pattern` (or fails after 10 s). */
async function printedLine(node: DevnetProcess, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = node.output.find((l) => pattern.test(l));
    if (line) return line;
    if (Date.now() > deadline) {
      throw new Error(`no line matching ${pattern}:\n${node.output.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an error that escapes one service', () => {
  it('is logged with the service it came from, and every service goes on serving', async () => {
    const node = await startDevnet(['--instant', '--reset'], undefined, {
      services: ['chain', 'ipfs', 'releases'],
      // The releases service throws and rejects after each answer, as a bug would.
      env: { DEVNET_FAULT: 'releases:request' },
    });
    try {
      const releases = `${node.urls.releases}${LATEST_RELEASE_PATH}`;
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(releases, { signal: timeout() });
        expect(answer.status).toBe(200);
        await answer.text();
      }
      await printedLine(
        node,
        /^devnet: an uncaught exception in the releases service \(the process goes on, and so do the other services\): Error: DEVNET_FAULT=releases:request/,
      );
      await printedLine(
        node,
        /^devnet: an unhandled rejection in the releases service \(the process goes on, and so do the other services\): Error: DEVNET_FAULT=releases:request/,
      );
      expect(node.child.exitCode).toBeNull();
      expect(await rpcOverHttp(node.url.replace(/^ws/, 'http'), 'system_chain')).toEqual(
        expect.any(String),
      );
      const gateway = await fetch(`${node.urls.ipfs}/ipfs/bafkqaaa`, { signal: timeout() });
      expect(gateway.status).toBe(200);
      expect((await fetch(releases, { signal: timeout() })).status).toBe(200);
    } finally {
      await node.stop();
      removeDir(node.dataDir);
    }
  }, 120_000);

  it('still ends the devnet while it starts: a service that cannot start is a devnet that cannot run', async () => {
    const dir = tempDir('devnet-guard-');
    try {
      const start = startDevnet(['--instant', '--reset'], dir, {
        services: ['chain', 'releases'],
        env: { DEVNET_FAULT: 'releases:start' },
      });
      await expect(start).rejects.toThrow(
        /devnet exited with 1:[\s\S]*devnet: an (uncaught exception|unhandled rejection) in the releases service while the devnet starts/,
      );
    } finally {
      removeDir(dir);
    }
  }, 120_000);
});
