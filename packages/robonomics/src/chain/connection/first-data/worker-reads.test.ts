import { describe, expect, it } from 'vitest';
import type { RpcSend } from '../rpc-socket.ts';
import { isWorkerFirstReads, type WorkerFirstReads, withWorkerAnswers } from './worker-reads.ts';

const ENDPOINT = 'wss://node.example.org';
const GENESIS = `0x${'ab'.repeat(32)}`;

/** A send whose answers come when the test says so. */
function heldSend() {
  const waiting = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>();
  const calls: string[] = [];
  const send: RpcSend = (method) => {
    calls.push(method);
    return new Promise((resolve, reject) => waiting.set(method, { resolve, reject }));
  };
  return { send, calls, answer: (method: string) => waiting.get(method)! };
}

const reads = (answers: WorkerFirstReads['answers'], endpoint = ENDPOINT) =>
  Promise.resolve<WorkerFirstReads>({ endpoint, answers });

describe('the worker’s answers beside the page’s own socket', () => {
  it('answer a read first when they come first; the socket is asked all the same', async () => {
    const own = heldSend();
    const send = withWorkerAnswers(
      own.send,
      ENDPOINT,
      reads([{ method: 'chain_getBlockHash', params: [0], result: GENESIS }]),
    );
    await expect(send('chain_getBlockHash', [0])).resolves.toBe(GENESIS);
    expect(own.calls).toEqual(['chain_getBlockHash']);
  });

  it('leave a read to the socket when theirs failed, is missing, or comes later', async () => {
    const own = heldSend();
    let arrive: (reads: WorkerFirstReads) => void = () => {};
    const late = new Promise<WorkerFirstReads>((resolve) => {
      arrive = resolve;
    });
    const send = withWorkerAnswers(own.send, ENDPOINT, late);
    const genesis = send('chain_getBlockHash', [0]);
    const version = send('state_getRuntimeVersion', []);
    const metadata = send('state_getMetadata', []);
    own.answer('chain_getBlockHash').resolve('0xown');
    await expect(genesis).resolves.toBe('0xown');
    arrive({
      endpoint: ENDPOINT,
      answers: [
        { method: 'chain_getBlockHash', params: [0], result: GENESIS },
        {
          method: 'state_getRuntimeVersion',
          params: [],
          error: 'The node did not answer in time.',
        },
      ],
    });
    own.answer('state_getRuntimeVersion').resolve({ specVersion: 43 });
    await expect(version).resolves.toEqual({ specVersion: 43 });
    // Not among the worker's reads.
    own.answer('state_getMetadata').reject(new Error('The connection is closed.'));
    await expect(metadata).rejects.toThrow('The connection is closed.');
  });

  it('answer a read whose socket failed', async () => {
    const own = heldSend();
    const send = withWorkerAnswers(
      own.send,
      ENDPOINT,
      reads([{ method: 'system_properties', params: [], result: { tokenDecimals: 9 } }]),
    );
    const properties = send('system_properties', []);
    own.answer('system_properties').reject(new Error('The node could not be reached.'));
    await expect(properties).resolves.toEqual({ tokenDecimals: 9 });
  });

  it('are never used for another endpoint, nor twice for the same read', async () => {
    const own = heldSend();
    const answers = [{ method: 'chain_getBlockHash', params: [0], result: GENESIS }];
    const elsewhere = withWorkerAnswers(own.send, ENDPOINT, reads(answers, 'wss://other.example'));
    const first = elsewhere('chain_getBlockHash', [0]);
    own.answer('chain_getBlockHash').resolve('0xown');
    await expect(first).resolves.toBe('0xown');

    const twice = withWorkerAnswers(own.send, ENDPOINT, reads(answers));
    await expect(twice('chain_getBlockHash', [0])).resolves.toBe(GENESIS);
    const again = twice('chain_getBlockHash', [0]);
    own.answer('chain_getBlockHash').resolve('0xagain');
    await expect(again).resolves.toBe('0xagain');
  });

  it('are recognised only in the shape the worker sends them', () => {
    expect(isWorkerFirstReads({ endpoint: ENDPOINT, answers: [] })).toBe(true);
    expect(
      isWorkerFirstReads({ endpoint: ENDPOINT, answers: [{ method: 'm', params: [], result: 1 }] }),
    ).toBe(true);
    for (const bad of [null, 'x', { endpoint: ENDPOINT }, { endpoint: 1, answers: [] }]) {
      expect(isWorkerFirstReads(bad)).toBe(false);
    }
    expect(isWorkerFirstReads({ endpoint: ENDPOINT, answers: [{ method: 'm' }] })).toBe(false);
  });
});
