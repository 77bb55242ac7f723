import { connect } from 'node:net';
import { SETUP_FILE_MAX_LENGTH } from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupInput } from '../controller/setup/integration-flow.ts';
import { type ControlActions, isLoopbackHost, startControlServer } from './control-server.ts';

const pulled: string[] = [];
const adopted: SetupInput[] = [];
const actions: ControlActions = {
  status: () => ({ proxy: 'legacy' }),
  restartRelay: async () => {
    pulled.push('relay');
  },
  pushRelayUpdate: async () => ({ sent: 0, answered: 0 }),
  restartProxy: async () => {},
  linkHomeAssistant: async () => {},
  runController: async () => {},
  holdHello: async () => {},
  newProxyIdentity: async () => {},
  homes: () => [],
  adoptHome: async (input) => {
    adopted.push(input);
    return { kind: 'failed', key: 'unknown', reason: 'not in this test' };
  },
};

let levers: { url: string; close(): Promise<void> };
let port: number;

beforeAll(async () => {
  levers = await startControlServer('127.0.0.1', 0, actions);
  port = Number(new URL(levers.url).port);
});
afterAll(() => levers?.close());

/** One raw request with exactly these header lines; its status code and body. */
function request(lines: string[], body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString('utf8');
    });
    // A server that answered and closed before the whole body was sent (413) resets the write.
    socket.on('error', (error) => (answer ? undefined : reject(error)));
    socket.on('close', () => {
      const [head = '', text = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: text });
    });
    socket.end(
      `${[...lines, 'connection: close', `content-length: ${body.length}`].join('\r\n')}\r\n\r\n${body}`,
    );
  });
}

describe('the levers', () => {
  it('answer requests to their loopback address under every loopback name', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `LocalHost:${port}`,
    ]) {
      const answer = await request(['GET / HTTP/1.1', `host: ${host}`]);
      expect(answer.status, host).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ proxy: 'legacy' });
    }
  });

  it('refuse any other Host with 403 before anything is done (DNS rebinding)', async () => {
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `127.0.0.2:${port}`,
      `localhost.attacker.example:${port}`,
      `0.0.0.0:${port}`,
    ]) {
      const answer = await request(['POST /relay/restart HTTP/1.1', `host: ${host}`], '{}');
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body).error).toContain('loopback address');
    }
    // HTTP/1.0 without any Host.
    expect((await request(['GET / HTTP/1.0'])).status).toBe(403);
    expect(pulled).toEqual([]);
    // The same lever under the right name is pulled.
    expect(
      (await request(['POST /relay/restart HTTP/1.1', `host: 127.0.0.1:${port}`], '{}')).status,
    ).toBe(200);
    expect(pulled).toEqual(['relay']);
  });

  it('still refuse web pages of the right host', async () => {
    const answer = await request([
      'GET / HTTP/1.1',
      `host: 127.0.0.1:${port}`,
      'origin: http://127.0.0.1:5173',
    ]);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toBe('The devnet levers serve tools, not web pages.');
  });

  it('read a Host as the loopback address only with the right port', () => {
    expect(isLoopbackHost('127.0.0.1:8899', 8899)).toBe(true);
    expect(isLoopbackHost('[::1]:8899', 8899)).toBe(true);
    expect(isLoopbackHost(undefined, 8899)).toBe(false);
    expect(isLoopbackHost('127.0.0.1:8899', undefined)).toBe(false);
    expect(isLoopbackHost('[::1]:88990', 8899)).toBe(false);
  });

  it('hand a setup file at its full size to the integration, and refuse a larger body', async () => {
    const host = `host: 127.0.0.1:${port}`;
    const post = (body: string) =>
      request(['POST /homes HTTP/1.1', host, 'content-type: application/json'], body);
    // Quotes, JSON-escaped, take twice their length in the body: 1.75 MB here, over the old 64 KB.
    const file = '"'.repeat(SETUP_FILE_MAX_LENGTH - 250_000).padEnd(SETUP_FILE_MAX_LENGTH, 'a');
    const atLimit = await post(JSON.stringify({ file, password: 'pw' }));
    expect(atLimit.status).toBe(422);
    expect(adopted.at(-1)?.file).toBe(file);
    const over = await post(
      JSON.stringify({ file: '\u0000'.repeat(SETUP_FILE_MAX_LENGTH + 20_000) }),
    );
    expect(over.status).toBe(413);
    expect(adopted).toHaveLength(1);
  });
});
