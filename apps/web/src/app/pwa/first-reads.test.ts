import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigationFetchEvent, WorkerMessageEvent } from './first-reads.ts';

const APP = 'https://app.example/';
const ENDPOINT = 'ws://127.0.0.1:9944';
const isAppPage = (url: URL) => !/\/(api|ipfs|ipns)\//.test(url.pathname);

/** The module afresh (its memory is the worker's), with the waits its events asked for. */
async function freshWorker() {
  vi.resetModules();
  const module = await import('./first-reads.ts');
  const waits: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>) => void waits.push(promise);
  const navigate = (
    url: string,
    { page = 'page-1', mode = 'navigate', destination = 'document' } = {},
  ) =>
    module.startFirstReads(
      {
        request: { url, mode, destination } as unknown as Request,
        resultingClientId: page,
        waitUntil,
      } as unknown as NavigationFetchEvent,
      isAppPage,
    );
  const send = (data: unknown, page?: string) => {
    const port = { postMessage: vi.fn() };
    const handled = module.onFirstReadsMessage({
      data,
      ports: [port as unknown as MessagePort],
      source: page ? { id: page } : null,
      waitUntil,
    } as unknown as WorkerMessageEvent);
    return { handled, port };
  };
  /** What the page `page` is answered when it asks. */
  const ask = async (page: string) => {
    const { port } = send({ type: 'first-reads-ask' }, page);
    await Promise.all(waits);
    return port.postMessage.mock.calls[0]?.[0];
  };
  return { navigate, send, ask, settled: () => Promise.all(waits) };
}

/** A node answering the batch over HTTP: each read's result is its method's name. */
function nodeOverHttp() {
  const post = vi.fn(async (_url: string, init?: RequestInit) => {
    const batch = JSON.parse(String(init?.body)) as { id: number; method: string }[];
    return new Response(JSON.stringify(batch.map(({ id, method }) => ({ id, result: method }))));
  });
  vi.stubGlobal('fetch', post);
  return post;
}

describe('the worker’s first reads', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads nothing before the page has named its endpoint', async () => {
    const post = nodeOverHttp();
    const worker = await freshWorker();
    worker.navigate(APP);
    expect(await worker.ask('page-1')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('starts them with a navigation to the app and answers the page it created, once', async () => {
    const post = nodeOverHttp();
    const worker = await freshWorker();
    expect(worker.send({ type: 'first-reads-endpoint', endpoint: ENDPOINT }).handled).toBe(true);
    worker.navigate(`${APP}?rpc=ws%3A%2F%2Fother.example#/`);
    await worker.settled();
    expect(post.mock.calls.map(([url]) => url)).toEqual(['http://127.0.0.1:9944']);
    // Another page gets nothing; the navigation's own page gets the answers, then nothing more.
    expect(await worker.ask('page-2')).toBeNull();
    expect(await worker.ask('page-1')).toEqual({
      endpoint: ENDPOINT,
      answers: [
        { method: 'chain_getBlockHash', params: [0], result: 'chain_getBlockHash' },
        { method: 'state_getRuntimeVersion', params: [], result: 'state_getRuntimeVersion' },
        { method: 'system_properties', params: [], result: 'system_properties' },
        {
          method: 'state_getStorage',
          params: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
          result: 'state_getStorage',
        },
      ],
    });
    expect(await worker.ask('page-1')).toBeNull();
  });

  it('leaves frames, other requests and paths that are not the app alone', async () => {
    const post = nodeOverHttp();
    const worker = await freshWorker();
    worker.send({ type: 'first-reads-endpoint', endpoint: ENDPOINT });
    worker.navigate(APP, { destination: 'iframe' });
    worker.navigate(`${APP}assets/index.js`, { mode: 'cors', destination: 'script' });
    worker.navigate(`${APP}ipfs/QmSomething/`);
    await worker.settled();
    expect(post).not.toHaveBeenCalled();
  });

  it('takes only a ws: or wss: endpoint, and ignores messages that are not its own', async () => {
    const post = nodeOverHttp();
    const worker = await freshWorker();
    for (const endpoint of ['https://node.example', 'javascript:alert(1)', '', 42]) {
      expect(worker.send({ type: 'first-reads-endpoint', endpoint }).handled).toBe(false);
    }
    expect(worker.send({ type: 'reminders' }).handled).toBe(false);
    worker.navigate(APP);
    expect(await worker.ask('page-1')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
