import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BodyTooLargeError,
  closeServer,
  createBoundedServer,
  readBody,
  refuseLargeBody,
  skipBody,
} from './limits.ts';

const servers: import('node:http').Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await closeServer(server);
});

async function serve(
  handler: Parameters<typeof createBoundedServer>[0],
  timeouts?: Parameters<typeof createBoundedServer>[1],
) {
  const server = createBoundedServer(handler, timeouts);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and collects what the server sends until it closes; how long that took. */
function exchange(port: number, text: string, keepSending?: () => string) {
  return new Promise<{ text: string; ms: number }>((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    const drip = keepSending ? setInterval(() => socket.write(keepSending()), 100) : null;
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (drip) clearInterval(drip);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ms: performance.now() - started });
    });
  });
}

describe('bounded HTTP server', () => {
  it('drops a client whose headers never end once the header time is up', async () => {
    const port = await serve(() => {}, {
      headersMs: 300,
      requestMs: 5_000,
      idleMs: 5_000,
      keepAliveMs: 1_000,
    });
    const { text, ms } = await exchange(port, 'GET / HTTP/1.1\r\nhost: x\r\n', () => 'x');
    expect(text).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3_000);
  });

  it('refuses a declared body over the limit at once with 413 and closes', async () => {
    let handled = 0;
    const port = await serve((req, res) => {
      handled += 1;
      if (refuseLargeBody(req, res, 10, () => ({ contentType: 'text/plain', text: 'too large' })))
        return;
      res.end('ok');
    });
    const { text, ms } = await exchange(
      port,
      'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 99999999999\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toMatch(/connection: close/i);
    expect(text.endsWith('too large')).toBe(true);
    expect(handled).toBe(1);
    expect(ms).toBeLessThan(3_000);
  });

  it('stops reading a body sent without a length once it passes the limit', async () => {
    const outcome: string[] = [];
    const port = await serve(async (req, res) => {
      try {
        await readBody(req, 1_000);
        outcome.push('read');
      } catch (error) {
        outcome.push(error instanceof BodyTooLargeError ? 'too large' : 'other');
      }
      res.writeHead(413, { connection: 'close' }).end();
    });
    const chunk = 'a'.repeat(600);
    const { text } = await exchange(
      port,
      `POST / HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n${(600).toString(16)}\r\n${chunk}\r\n${(600).toString(16)}\r\n${chunk}\r\n`,
    );
    expect(outcome).toEqual(['too large']);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
  });

  it('answers a small body it does not use after reading it, and keeps the connection', async () => {
    const port = await serve((req, res) => {
      skipBody(req, res);
      res.writeHead(403).end('no');
    });
    // The body arrives in two parts, the second after the answer was written: the client gets
    // the answer and may send its next request on the same connection.
    const answers = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nhello');
        setTimeout(() => socket.write('world'), 150);
        setTimeout(
          () => socket.write('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
          300,
        );
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    expect(answers.match(/HTTP\/1\.1 403/g)).toHaveLength(2);
  });

  it('closes after the answer when a skipped body is large or never arrives', async () => {
    const port = await serve((req, res) => {
      skipBody(req, res, { limit: 100, ms: 300 });
      res.writeHead(403).end('no');
    });
    const large = await exchange(port, 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 101\r\n\r\n');
    expect(large.text).toMatch(/^HTTP\/1\.1 403/);
    expect(large.text).toMatch(/connection: close/i);
    const stalled = await exchange(
      port,
      'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 50\r\n\r\nab',
    );
    expect(stalled.text).toMatch(/^HTTP\/1\.1 403/);
    expect(stalled.ms).toBeGreaterThanOrEqual(250);
    expect(stalled.ms).toBeLessThan(3_000);
    const chunked = await exchange(
      port,
      `POST / HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n${(150).toString(16)}\r\n${'a'.repeat(150)}\r\n`,
    );
    expect(chunked.text).toMatch(/^HTTP\/1\.1 403/);
    expect(chunked.ms).toBeLessThan(250);
  });

  it('refuses headers over 16 KiB with 431', async () => {
    const port = await serve((_req, res) => res.end('ok'));
    const { text } = await exchange(
      port,
      `GET / HTTP/1.1\r\nhost: x\r\nx-pad: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 431/);
  });
});
