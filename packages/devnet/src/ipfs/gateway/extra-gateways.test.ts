import {
  fileFromCar,
  parseIpfsAddress,
  VerifyError,
} from '@robonomics-dapp/robonomics/ipfs/verify';
import { create } from 'kubo-rpc-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../common/test-support.ts';
import { DEFAULT_APP_ORIGINS } from '../../http/origins.ts';
import { seedAccounts, startTestDevnet, type TestDevnet, web3Headers } from '../test-support.ts';
import { describeGateway, parseGatewaysOption } from './extra-gateways.ts';

const CONFIG = '{"twin_id": 89, "sending_timeout": 600}';
const DELAY_MS = 300;
/** The web app's page origin: gateways reflect it in CORS rather than answering `*`. */
const APP = DEFAULT_APP_ORIGINS[0]!;
let devnet: TestDevnet;
let cid: string;
let slow: string;
let failing: string;
let html: string;
let hanging: string;
let lying: string;
/** An older version of CONFIG, added before it: what the lying gateway answers CONFIG with. */
const OLDER = '{"twin_id": 89, "sending_timeout": 300}';
let olderCid: string;

beforeAll(async () => {
  const { bobEd, alice } = await seedAccounts();
  devnet = await startTestDevnet(undefined, {
    gateways: parseGatewaysOption(`0:delay=${DELAY_MS},0:status=502,0:html,0:hang,0:lie`),
  });
  [slow, failing, html, hanging, lying] = devnet.ipfs.extraGatewayUrls as [
    string,
    string,
    string,
    string,
    string,
  ];
  const client = create({ url: devnet.ipfs.apiUrl, headers: web3Headers(bobEd, alice.address) });
  olderCid = (await client.add(OLDER)).cid.toString();
  cid = (await client.add(CONFIG)).cid.toString();
});

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

describe('--gateways', () => {
  it('parses ports and behaviours', () => {
    expect(
      parseGatewaysOption('8081:delay=800, 8082:status=502,8083:html,8084:hang,8085,8086:lie'),
    ).toEqual([
      { port: 8081, delayMs: 800 },
      { port: 8082, status: 502 },
      { port: 8083, html: true },
      { port: 8084, hang: true },
      { port: 8085 },
      { port: 8086, lie: true },
    ]);
    expect(parseGatewaysOption('0:delay=100:status=503')).toEqual([
      { port: 0, delayMs: 100, status: 503 },
    ]);
    expect(describeGateway({ port: 1, delayMs: 800 })).toBe('800 ms slower');
    expect(describeGateway({ port: 1, status: 502 })).toBe('answers HTTP 502');
  });

  it.each([
    ['x', 'is not a port number'],
    ['70000', 'is not a port number'],
    ['8081:slow', 'unknown behaviour "slow"'],
    ['8081:delay=abc', 'unknown behaviour'],
    ['8081:delay=600000', 'a delay is at most 60000 ms'],
    ['8081:status=200', 'between 400 and 599'],
    ['8081:html:hang', 'may fail in one way only'],
    ['8081:lie:status=502', 'may fail in one way only'],
    ['8081:lie=yes', 'unknown behaviour'],
    ['8081,8081:html', 'a port is given twice'],
    [Array.from({ length: 9 }, (_, i) => 9000 + i).join(','), 'at most 8 gateways'],
  ])('refuses %j', (text, message) => {
    expect(() => parseGatewaysOption(text)).toThrow(message);
  });

  it('lists every gateway in the devnet output', () => {
    expect(devnet.ipfs.notes).toEqual([
      `gateway ${devnet.ipfs.apiUrl}/ipfs/ (on the API's host)`,
      `gateway ${devnet.ipfs.gatewayUrl}/ipfs/`,
      `gateway ${slow}/ipfs/ (${DELAY_MS} ms slower)`,
      `gateway ${failing}/ipfs/ (answers HTTP 502)`,
      `gateway ${html}/ipfs/ (answers a web page instead of the file)`,
      `gateway ${hanging}/ipfs/ (never answers)`,
      `gateway ${lying}/ipfs/ (answers every CID with another file's content)`,
    ]);
  });
});

describe('gateway reads on the API origin', () => {
  it('serves GET and HEAD /ipfs/<cid> without auth while the RPC API still asks for it', async () => {
    const got = await fetch(`${devnet.ipfs.apiUrl}/ipfs/${cid}`, { headers: { origin: APP } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/json');
    expect(got.headers.get('access-control-allow-origin')).toBe(APP);
    expect(await got.text()).toBe(CONFIG);
    const head = await fetch(`${devnet.ipfs.apiUrl}/ipfs/${cid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(CONFIG.length));
    const rpc = await fetch(`${devnet.ipfs.apiUrl}/api/v0/cat?arg=${cid}`, { method: 'POST' });
    expect(rpc.status).toBe(401);
  });

  it('answers a missing file 404 as the gateway does', async () => {
    const missing = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
    expect((await fetch(`${devnet.ipfs.apiUrl}/ipfs/${missing}`)).status).toBe(404);
  });
});

describe('extra gateways over the same files', () => {
  it('a slow one serves the same bytes after its delay', async () => {
    const started = performance.now();
    const res = await fetch(`${slow}/ipfs/${cid}`);
    expect(await res.text()).toBe(CONFIG);
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
  });

  it('a failing one answers its status with an error page, with CORS', async () => {
    const res = await fetch(`${failing}/ipfs/${cid}`, { method: 'HEAD', headers: { origin: APP } });
    expect(res.status).toBe(502);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect((await fetch(`${failing}/ipfs/${cid}`)).headers.get('content-type')).toBe('text/html');
  });

  it('an HTML one answers 200 with a web page instead of the file', async () => {
    const res = await fetch(`${html}/ipfs/${cid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('a hanging one never answers', async () => {
    const outcome = await fetch(`${hanging}/ipfs/${cid}`, {
      signal: AbortSignal.timeout(DELAY_MS),
    }).then(
      () => 'answered',
      (e: Error) => e.name,
    );
    expect(outcome).toBe('TimeoutError');
  });

  it("a lying one answers a CID with another file's genuine content, CAR included", async () => {
    const plain = await fetch(`${lying}/ipfs/${cid}`);
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(OLDER);
    const car = await fetch(`${lying}/ipfs/${cid}?format=car&dag-scope=entity`);
    expect(car.headers.get('content-type')).toMatch(/^application\/vnd\.ipld\.car; version=1/);
    const body = new Uint8Array(await car.arrayBuffer());
    // Genuine: the older file's CAR checks out against the older file's CID...
    const older = await fileFromCar(body, parseIpfsAddress(olderCid));
    expect(new TextDecoder().decode(older)).toBe(OLDER);
    // ...and not against the CID asked for.
    const error = await fileFromCar(body, parseIpfsAddress(cid)).catch((e) => e);
    expect(error).toBeInstanceOf(VerifyError);
    expect(error.fault).toBe('mismatch');
    // The honest gateway's CAR of the same CID checks out.
    const honest = await fetch(`${devnet.ipfs.gatewayUrl}/ipfs/${cid}?format=car`);
    const file = await fileFromCar(
      new Uint8Array(await honest.arrayBuffer()),
      parseIpfsAddress(cid),
    );
    expect(new TextDecoder().decode(file)).toBe(CONFIG);
    // Identity CIDs hold their bytes: nothing to lie about.
    expect(await (await fetch(`${lying}/ipfs/bafkqaaa`)).text()).toBe('');
  });
});
