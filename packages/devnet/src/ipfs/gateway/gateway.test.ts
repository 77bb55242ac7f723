import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../common/test-support.ts';
import {
  pseudoRandomBytes,
  seedAccounts,
  startTestDevnet,
  type TestDevnet,
  web3Headers,
} from '../test-support.ts';

let devnet: TestDevnet;
let client: KuboRPCClient;
const encoder = new TextEncoder();

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
const CONFIG = '{"twin_id": 89, "sending_timeout": 600}';

beforeAll(async () => {
  const { bobEd, alice } = await seedAccounts();
  devnet = await startTestDevnet();
  client = create({ url: devnet.ipfs.apiUrl, headers: web3Headers(bobEd, alice.address) });
});

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

function get(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${devnet.ipfs.gatewayUrl}${path}`, init);
}

describe('gateway GET /ipfs/<cid>', () => {
  it.each([
    ['JSON', encoder.encode(CONFIG), 'application/json'],
    ['a JSON array', encoder.encode(' [1, 2]\n'), 'application/json'],
    ['text', encoder.encode('hello world\n'), 'text/plain; charset=utf-8'],
    ['text that starts like JSON', encoder.encode('{not json'), 'text/plain; charset=utf-8'],
    ['PNG', PNG, 'image/png'],
    ['SVG', encoder.encode(SVG), 'image/svg+xml'],
    ['binary', Uint8Array.from([0, 1, 2, 3, 250]), 'application/octet-stream'],
    ['an empty file', new Uint8Array(0), 'text/plain; charset=utf-8'],
  ])('serves %s without auth, with its sniffed type and CORS', async (_label, bytes, type) => {
    const { cid } = await client.add(bytes);
    const res = await get(`/ipfs/${cid}`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${cid}"`);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
  });

  it('serves files inside a directory by path, typed by their names', async () => {
    const results = [];
    for await (const entry of client.addAll([
      { path: 'site/config.json', content: encoder.encode(CONFIG) },
      { path: 'site/logo.svg', content: encoder.encode(SVG) },
      { path: 'site/notes', content: encoder.encode('[plain]') },
      { path: 'site/sub/a b.txt', content: encoder.encode('spaced') },
    ])) {
      results.push(entry);
    }
    const root = results.at(-1)!.cid;
    const config = await get(`/ipfs/${root}/config.json`);
    expect(config.headers.get('content-type')).toBe('application/json');
    expect(await config.json()).toEqual({ twin_id: 89, sending_timeout: 600 });
    expect((await get(`/ipfs/${root}/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    // No extension: sniffed ("[plain]" is not JSON).
    expect((await get(`/ipfs/${root}/notes`)).headers.get('content-type')).toBe(
      'text/plain; charset=utf-8',
    );
    const spaced = await get(`/ipfs/${root}/sub/a%20b.txt`);
    expect(await spaced.text()).toBe('spaced');

    const listing = await get(`/ipfs/${root}/`);
    expect(listing.status).toBe(200);
    expect(listing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await listing.text();
    expect(html).toContain('config.json');
    expect(html).toContain('sub/');

    expect((await get(`/ipfs/${root}/missing.json`)).status).toBe(404);
    expect((await get(`/ipfs/${root}/config.json/deeper`)).status).toBe(404);
  });

  it('serves index.html of a directory', async () => {
    let root = '';
    for await (const entry of client.addAll([
      { path: 'app/index.html', content: encoder.encode('<!doctype html><p>hi</p>') },
    ])) {
      root = entry.cid.toString();
    }
    const res = await get(`/ipfs/${root}`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('<!doctype html><p>hi</p>');
  });

  it('serves identity CIDs from the CID itself, as kubo does: bafkqaaa is the empty file', async () => {
    const empty = await get('/ipfs/bafkqaaa');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    // "hello" inlined in a raw identity CID.
    const inlined = await get('/ipfs/bafkqablimvwgy3y');
    expect(inlined.status).toBe(200);
    expect(await inlined.text()).toBe('hello');
  });

  it('answers 404 for unknown CIDs, 400 for bad ones, 404 off /ipfs', async () => {
    expect((await get('/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).status).toBe(404);
    expect(
      (await get('/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).status,
    ).toBe(404);
    expect((await get('/ipfs/not-a-cid')).status).toBe(400);
    expect((await get('/ipns/example.com')).status).toBe(404);
    expect((await get('/')).status).toBe(404);
  });

  it('streams a large file whole, answers HEAD and a matching If-None-Match', async () => {
    const bytes = pseudoRandomBytes(5 * 1024 * 1024 + 3, 99);
    const { cid } = await client.add(bytes);
    const res = await get(`/ipfs/${cid}`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);

    const head = await get(`/ipfs/${cid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const cached = await get(`/ipfs/${cid}`, { headers: { 'if-none-match': `"${cid}"` } });
    expect(cached.status).toBe(304);
  });

  it('lets a browser preflight with an Authorization header', async () => {
    const res = await get('/ipfs/QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  });

  it('refuses fetches from pages of other origins', async () => {
    const res = await get('/ipfs/QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', {
      headers: { origin: 'http://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves pages of its own origin (an app it hosts), but not a rebinding host name', async () => {
    const { cid } = await client.add(encoder.encode('console.log(1)'));
    const own = new URL(devnet.ipfs.gatewayUrl).origin;
    const res = await get(`/ipfs/${cid}`, { headers: { origin: own } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(own);
    // A page of another name that resolves to this machine sends its own Host and Origin.
    const port = new URL(devnet.ipfs.gatewayUrl).port;
    const rebound = await get(`/ipfs/${cid}`, {
      headers: { origin: `http://rebind.example:${port}`, host: `rebind.example:${port}` },
    });
    expect(rebound.status).toBe(403);
  });

  it('refuses writes', async () => {
    const res = await get('/ipfs/QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', {
      method: 'POST',
    });
    expect(res.status).toBe(405);
  });
});
