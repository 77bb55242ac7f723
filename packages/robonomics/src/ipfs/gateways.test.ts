import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFile, carOf } from '../test-support/ipfs-car.ts';
import { fetchIpfsText, GatewayMismatchError, GatewayReadError } from './gateway.ts';
import {
  addUserGateway,
  MAX_USER_GATEWAYS,
  normaliseGateway,
  parseStoredGateways,
} from './gateway-list.ts';
import { probeGateway, rankGateways } from './gateway-probe.ts';
import {
  GatewaySelector,
  type GatewaySnapshot,
  NO_VERIFIED_GATEWAYS_TEXT,
  NoGatewayError,
  UNVERIFIED_FILE_TEXT,
} from './gateways.ts';

const FILE = '{"data": "0x00"}';
/** FILE as kubo adds it ("Qm…"), and the CAR a trustless gateway answers for it. */
let CID: string;
let CAR: Uint8Array;
/** The CAR of another file (an older envelope, say): what a lying gateway sends. */
let OTHER_CAR: Uint8Array;

type Behaviour = {
  delayMs?: number;
  status?: number;
  html?: boolean;
  hang?: boolean;
  /** Answers with another file's genuine CAR. */
  lie?: boolean;
  /** Ignores the trustless formats: always the plain file. */
  plain?: boolean;
};

/** A small gateway on a free port that serves FILE for CID with the given behaviour. */
interface TestGateway {
  origin: string;
  behaviour: Behaviour;
  requests: { method: string; path: string }[];
  server: Server;
}

const gateways: TestGateway[] = [];

async function startGateway(behaviour: Behaviour = {}): Promise<TestGateway> {
  const gateway = { behaviour, requests: [] } as unknown as TestGateway;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    gateway.requests.push({ method: req.method ?? '', path: req.url ?? '' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const b = gateway.behaviour;
    if (b.hang) return;
    setTimeout(() => {
      if (b.status) {
        res.writeHead(b.status, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
      } else if (b.html) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><p>slow down</p>');
      } else if (url.pathname === `/ipfs/${CID}`) {
        const car = b.lie ? OTHER_CAR : CAR;
        if (url.searchParams.get('format') === 'car' && !b.plain) {
          res.writeHead(200, {
            'content-type': 'application/vnd.ipld.car; version=1; order=dfs; dups=n',
            'content-length': car.length,
          });
          res.end(req.method === 'HEAD' ? undefined : car);
          return;
        }
        const body = b.lie ? '{"data": "0x01"}' : FILE;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    }, b.delayMs ?? 0);
  };
  gateway.server = createServer(handle);
  await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
  gateway.origin = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  gateways.push(gateway);
  return gateway;
}

let fast: TestGateway;
let slow: TestGateway;
let failing: TestGateway;
let html: TestGateway;
let hanging: TestGateway;
let closedOrigin: string;
let lying: TestGateway;
let plain: TestGateway;

beforeAll(async () => {
  const file = await addFile(new TextEncoder().encode(FILE));
  CID = file.root.toString();
  CAR = carOf([file.root], file.blocks.values());
  const other = await addFile(new TextEncoder().encode('{"data": "0x01"}'));
  OTHER_CAR = carOf([other.root], other.blocks.values());
  fast = await startGateway();
  lying = await startGateway({ lie: true });
  plain = await startGateway({ plain: true });
  slow = await startGateway({ delayMs: 250 });
  failing = await startGateway({ status: 502 });
  html = await startGateway({ html: true });
  hanging = await startGateway({ hang: true });
  const closed = await startGateway();
  closedOrigin = closed.origin;
  closed.server.close();
});

afterAll(async () => {
  for (const g of gateways) {
    g.server.closeAllConnections();
    g.server.close();
  }
});

const reader = (path: string) => (origin: string) =>
  fetchIpfsText(origin, path, { headersTimeoutMs: 400 });

describe('normaliseGateway', () => {
  it('turns the production gateways, as airalab/robonomics.app lists them, into bare origins', () => {
    const production = [
      'https://ipfs.url.today/ipfs/',
      'https://ipfs.io/ipfs/',
      'https://gateway.pinata.cloud/ipfs/',
    ];
    expect(production.map((g) => normaliseGateway(g))).toEqual([
      { ok: true, origin: 'https://ipfs.url.today' },
      { ok: true, origin: 'https://ipfs.io' },
      { ok: true, origin: 'https://gateway.pinata.cloud' },
    ]);
  });

  it.each([
    ['  https://Gateway.Example.org/  ', 'https://gateway.example.org'],
    ['https://gateway.example.org/ipfs', 'https://gateway.example.org'],
    ['gateway.example.org', 'https://gateway.example.org'],
    ['localhost:8080', 'https://localhost:8080'],
    ['http://127.0.0.1:8080/ipfs/', 'http://127.0.0.1:8080'],
    ['https://gateway.example.org:443', 'https://gateway.example.org'],
  ])('accepts %j as %s', (input, origin) => {
    expect(normaliseGateway(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', 'Enter the address of a gateway.'],
    ['ftp://gateway.example.org', 'A gateway address must start with http:// or https://.'],
    ['ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', 'must start with http'],
    ['javascript:alert(1)', 'must start with http'],
    ['https://user:secret@gateway.example.org', 'cannot contain a user name or password'],
    ['https://token@gateway.example.org', 'cannot contain a user name or password'],
    [
      'https://gateway.example.org/some/path',
      'without a path, for example https://gateway.example.org',
    ],
    ['https://gateway.example.org/?x=1', 'without a path'],
    ['https://gateway.example.org/#top', 'without a path'],
    ['https://exa mple.org', 'not a valid gateway address'],
  ])('refuses %j with a clear message', (input, message) => {
    const checked = normaliseGateway(input);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.error).toContain(message);
  });
});

describe('the user list', () => {
  const builtIn = ['https://ipfs.io', 'https://ipfs.url.today'];

  it('adds a normalised gateway at the end', () => {
    expect(addUserGateway(['https://a.example'], builtIn, 'b.example/ipfs/')).toEqual({
      ok: true,
      origin: 'https://b.example',
      user: ['https://a.example', 'https://b.example'],
    });
  });

  it('refuses duplicates of built-in and own gateways, however written', () => {
    expect(addUserGateway([], builtIn, 'https://ipfs.io/ipfs/')).toEqual({
      ok: false,
      error: 'https://ipfs.io is already in the list.',
    });
    expect(addUserGateway(['https://a.example'], builtIn, 'A.EXAMPLE')).toMatchObject({
      ok: false,
      error: 'https://a.example is already in the list.',
    });
  });

  it(`keeps at most ${MAX_USER_GATEWAYS} gateways`, () => {
    const full = Array.from({ length: MAX_USER_GATEWAYS }, (_, i) => `https://g${i}.example`);
    expect(addUserGateway(full.slice(1), builtIn, 'https://new.example').ok).toBe(true);
    expect(addUserGateway(full, builtIn, 'https://new.example')).toEqual({
      ok: false,
      error: 'You can add up to 15 gateways. Remove one of yours first.',
    });
  });

  it('refuses an invalid address with its reason', () => {
    expect(addUserGateway([], builtIn, 'https://u:p@x.example')).toMatchObject({ ok: false });
  });

  it('reads the stored list defensively', () => {
    expect(parseStoredGateways(null)).toEqual([]);
    expect(parseStoredGateways('not json')).toEqual([]);
    expect(parseStoredGateways('{"a": 1}')).toEqual([]);
    expect(
      parseStoredGateways(
        JSON.stringify([
          'https://a.example/ipfs/',
          7,
          'ftp://x',
          'https://a.example',
          'https://ipfs.io',
        ]),
        builtIn,
      ),
    ).toEqual(['https://a.example']);
    const many = Array.from({ length: 20 }, (_, i) => `https://g${i}.example`);
    expect(parseStoredGateways(JSON.stringify(many))).toHaveLength(MAX_USER_GATEWAYS);
  });
});

describe('probeGateway (HEAD /ipfs/<cid>)', () => {
  it('times a gateway that has the file', async () => {
    const result = await probeGateway(slow.origin, CID);
    expect(result).toMatchObject({ origin: slow.origin, ok: true, error: null });
    expect(result.ms).toBeGreaterThanOrEqual(240);
    expect(slow.requests.at(-1)).toEqual({ method: 'HEAD', path: `/ipfs/${CID}` });
  });

  it('tries a failing gateway three times and says what it answered', async () => {
    const before = failing.requests.length;
    const result = await probeGateway(failing.origin, CID, { retryDelayMs: 10 });
    expect(result).toEqual({
      origin: failing.origin,
      ok: false,
      ms: null,
      error: 'answered HTTP 502',
    });
    expect(failing.requests.length - before).toBe(3);
  });

  it('refuses a web page instead of the file', async () => {
    expect(await probeGateway(html.origin, CID)).toMatchObject({
      ok: false,
      error: 'answered with a web page instead of the file',
    });
  });

  it('gives up on a gateway that hangs after the timeout, without retrying', async () => {
    const before = hanging.requests.length;
    const result = await probeGateway(hanging.origin, CID, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'did not answer within 0.3 s' });
    expect(hanging.requests.length - before).toBe(1);
  });

  it('says when a gateway cannot be reached', async () => {
    expect(await probeGateway(closedOrigin, CID, { retryDelayMs: 1 })).toMatchObject({
      ok: false,
      error: 'cannot be reached',
    });
  });
});

describe('fetchIpfsText', () => {
  it('reads the file as a CAR of its blocks, checked against its CID', async () => {
    expect(await fetchIpfsText(fast.origin, CID)).toBe(FILE);
    expect(fast.requests.at(-1)).toEqual({
      method: 'GET',
      path: `/ipfs/${CID}?format=car&dag-scope=entity`,
    });
  });

  it('reads an identity CID from the CID itself, without asking the gateway', async () => {
    // "hi" inlined in a raw identity CID; the gateway is not even reachable.
    expect(await fetchIpfsText(closedOrigin, 'bafkqaatine')).toBe('hi');
  });

  it("does not believe a gateway that sends another file's blocks", async () => {
    const error = await fetchIpfsText(lying.origin, CID).catch((e) => e);
    expect(error).toBeInstanceOf(GatewayMismatchError);
    expect(error.message).toBe('sent a file that does not match its address');
  });

  it('believes a plain answer only when hashing it proves it is the file', async () => {
    expect(await fetchIpfsText(plain.origin, CID)).toBe(FILE);
    plain.behaviour.lie = true;
    try {
      const error = await fetchIpfsText(plain.origin, CID).catch((e) => e);
      // Not proven a lie (the file might have been added another way), but not believed either.
      expect(error).toBeInstanceOf(GatewayReadError);
      expect(error).not.toBeInstanceOf(GatewayMismatchError);
      expect(error.message).toBe('sent the file without the blocks to check it by');
    } finally {
      plain.behaviour.lie = false;
    }
  });

  it.each([
    ['failing', 'answered HTTP 502'],
    ['html', 'answered with a web page instead of the file'],
    ['hanging', 'did not answer within 0.3 s'],
  ] as const)('calls a %s gateway a gateway fault', async (which, message) => {
    const origin = { failing, html, hanging }[which].origin;
    const error = await fetchIpfsText(origin, CID, { headersTimeoutMs: 300 }).catch((e) => e);
    expect(error).toBeInstanceOf(GatewayReadError);
    expect(error.message).toBe(message);
  });
});

describe('rankGateways', () => {
  it('puts the fastest first, then the unchecked, then the unavailable', () => {
    const e = (origin: string, state: 'ok' | 'failed' | 'untested', ms: number | null = null) => ({
      origin,
      state,
      ms,
    });
    expect(
      rankGateways([
        e('a', 'failed'),
        e('b', 'ok', 300),
        e('c', 'untested'),
        e('d', 'ok', 20),
        e('e', 'failed'),
      ]).map((x) => x.origin),
    ).toEqual(['d', 'b', 'c', 'a', 'e']);
  });
});

function record(selector: GatewaySelector) {
  const seen: GatewaySnapshot[] = [];
  selector.subscribe((s) => seen.push(s));
  return seen;
}

async function settle(selector: GatewaySelector) {
  // Waits until no probe is under way (conditions, not a fixed sleep).
  for (let i = 0; i < 200; i++) {
    if (!selector.snapshot().entries.some((e) => e.checking)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('probes never settled');
}

describe('GatewaySelector', () => {
  it('picks the fastest gateway visibly when none is picked and ranks the rest', async () => {
    const saved: { user: string[]; picked: string | null }[] = [];
    const selector = new GatewaySelector({
      defaults: [slow.origin, failing.origin, fast.origin],
      persist: (s) => saved.push(s),
      retryDelayMs: 1,
    });
    const seen = record(selector);
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    expect(selector.snapshot().picked).toBe(fast.origin);
    expect(saved.at(-1)).toEqual({ user: [], picked: fast.origin });
    expect(seen.some((s) => s.checking)).toBe(true);
    await settle(selector);
    const snap = selector.snapshot();
    expect(snap.checking).toBe(false);
    expect(snap.entries.map((e) => [e.origin, e.state])).toEqual([
      [fast.origin, 'ok'],
      [slow.origin, 'ok'],
      [failing.origin, 'failed'],
    ]);
    expect(snap.entries[2]!.error).toBe('answered HTTP 502');
  });

  it('reads through the picked gateway and re-ranks quietly when it answers', async () => {
    const selector = new GatewaySelector({
      defaults: [fast.origin, slow.origin],
      picked: slow.origin,
    });
    const seen = record(selector);
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    await settle(selector);
    expect(seen.some((s) => s.checking)).toBe(false);
    expect(selector.snapshot().picked).toBe(slow.origin);
    expect(selector.snapshot().entries.map((e) => e.origin)).toEqual([fast.origin, slow.origin]);
  });

  it("keeps each gateway's last result and place while it is checked again", async () => {
    const selector = new GatewaySelector({ defaults: [slow.origin, fast.origin] });
    await selector.read(CID, reader(CID));
    await settle(selector);
    const seen = record(selector);
    await selector.read(CID, reader(CID));
    await settle(selector);
    const slowOf = (s: GatewaySnapshot) => s.entries.find((e) => e.origin === slow.origin)!;
    expect(seen.some((s) => slowOf(s).checking && slowOf(s).state === 'ok')).toBe(true);
    expect(
      seen.every((s) => s.entries.map((e) => e.origin).join() === `${fast.origin},${slow.origin}`),
    ).toBe(true);
    expect(seen.some((s) => s.checking)).toBe(false);
  });

  it('replaces a picked gateway that fails with the fastest one that answers', async () => {
    const selector = new GatewaySelector({
      defaults: [failing.origin, slow.origin, hanging.origin, fast.origin],
      picked: failing.origin,
      retryDelayMs: 1,
      timeoutMs: 500,
    });
    const seen = record(selector);
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    expect(selector.snapshot().picked).toBe(fast.origin);
    expect(seen.some((s) => s.checking)).toBe(true);
    expect(selector.snapshot().checking).toBe(false);
    await settle(selector);
    const byOrigin = Object.fromEntries(selector.snapshot().entries.map((e) => [e.origin, e]));
    expect(byOrigin[failing.origin]).toMatchObject({ state: 'failed', error: 'answered HTTP 502' });
    expect(byOrigin[hanging.origin]).toMatchObject({
      state: 'failed',
      error: 'did not answer within 0.5 s',
    });
  });

  it('moves on when the read fails on a gateway whose HEAD answered', async () => {
    const flaky = await startGateway();
    const selector = new GatewaySelector({
      defaults: [flaky.origin, slow.origin],
      picked: flaky.origin,
    });
    const read = selector.read(CID, async (origin) => {
      if (origin === flaky.origin) throw new GatewayReadError('answered HTTP 429');
      return reader(CID)(origin);
    });
    expect(await read).toBe(FILE);
    await settle(selector);
    expect(selector.snapshot().picked).toBe(slow.origin);
    expect(selector.snapshot().entries.at(-1)).toMatchObject({
      origin: flaky.origin,
      state: 'failed',
      error: 'answered HTTP 429',
    });
  });

  it('passes errors of the file itself through without failover', async () => {
    const selector = new GatewaySelector({
      defaults: [fast.origin, slow.origin],
      picked: fast.origin,
    });
    await expect(
      selector.read(CID, async () => {
        throw new Error('decryptMsg');
      }),
    ).rejects.toThrow('decryptMsg');
    expect(selector.snapshot().picked).toBe(fast.origin);
  });

  it('says when no gateway serves the file', async () => {
    const selector = new GatewaySelector({
      defaults: [failing.origin, html.origin, closedOrigin],
      retryDelayMs: 1,
    });
    const error = await selector.read(CID, reader(CID)).catch((e) => e);
    expect(error).toBeInstanceOf(NoGatewayError);
    expect(error.message).toBe('File not available');
    expect(selector.snapshot()).toMatchObject({
      picked: null,
      checking: false,
      noneAvailable: true,
    });
  });

  it('moves on from a gateway that sends another file and ranks it below failing ones', async () => {
    const selector = new GatewaySelector({
      defaults: [lying.origin, failing.origin, slow.origin],
      picked: lying.origin,
      retryDelayMs: 1,
    });
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    await selector.recheck();
    const snapshot = selector.snapshot();
    expect(snapshot.picked).toBe(slow.origin);
    expect(snapshot.entries.map((e) => [e.origin, e.state])).toEqual([
      [slow.origin, 'ok'],
      [failing.origin, 'failed'],
      [lying.origin, 'mismatch'],
    ]);
    expect(snapshot.entries[2]!.error).toBe('sent a file that does not match its address');
    // Its HEAD answers in the next round: it stays distrusted and is not read from.
    const before = lying.requests.filter((r) => r.method === 'GET').length;
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    await selector.recheck();
    expect(lying.requests.filter((r) => r.method === 'GET').length).toBe(before);
    expect(selector.snapshot().entries.at(-1)).toMatchObject({
      origin: lying.origin,
      state: 'mismatch',
    });
  });

  it('trusts a distrusted gateway again once a read through it checks out', async () => {
    const selector = new GatewaySelector({
      defaults: [lying.origin, slow.origin],
      picked: lying.origin,
      retryDelayMs: 1,
    });
    expect(await selector.read(CID, reader(CID))).toBe(FILE);
    expect(selector.snapshot().entries.at(-1)).toMatchObject({ state: 'mismatch' });
    lying.behaviour.lie = false;
    try {
      selector.pick(lying.origin);
      expect(await selector.read(CID, reader(CID))).toBe(FILE);
      expect(selector.snapshot().entries.find((e) => e.origin === lying.origin)).toMatchObject({
        state: 'ok',
        error: null,
      });
    } finally {
      lying.behaviour.lie = true;
    }
  });

  it('says so when the only gateways that answer send another file', async () => {
    const selector = new GatewaySelector({
      defaults: [lying.origin, failing.origin],
      retryDelayMs: 1,
    });
    const error = await selector.read(CID, reader(CID)).catch((e) => e);
    expect(error).toBeInstanceOf(NoGatewayError);
    expect(error.message).toBe(UNVERIFIED_FILE_TEXT);
    expect(UNVERIFIED_FILE_TEXT).toBe(
      'File not available: no gateway served the file as its address says.',
    );
    expect(selector.snapshot()).toMatchObject({ noneAvailable: true, unverified: true });
    expect(NO_VERIFIED_GATEWAYS_TEXT).toContain('No gateway served the file as its address says.');
  });

  it('adds, switches to and removes a user gateway, keeping them on the device', async () => {
    const saved: { user: string[]; picked: string | null }[] = [];
    const selector = new GatewaySelector({
      defaults: [slow.origin],
      picked: slow.origin,
      persist: (s) => saved.push(s),
    });
    await selector.read(CID, reader(CID));
    expect(selector.add('ftp://x.example')).toEqual({
      ok: false,
      error: 'A gateway address must start with http:// or https://.',
    });
    const own = fast.origin.replace('127.0.0.1', 'localhost');
    expect(selector.add(`${own}/ipfs/`)).toEqual({ ok: true, origin: own });
    expect(selector.snapshot().picked).toBe(own);
    expect(saved.at(-1)).toEqual({ user: [own], picked: own });
    await settle(selector);
    expect(selector.snapshot().entries.find((e) => e.origin === own)).toMatchObject({
      user: true,
      state: 'ok',
    });
    expect(selector.add(own)).toMatchObject({ ok: false, error: `${own} is already in the list.` });

    selector.pick(slow.origin);
    expect(selector.snapshot().picked).toBe(slow.origin);
    selector.remove(own);
    expect(saved.at(-1)).toEqual({ user: [], picked: slow.origin });
    expect(selector.snapshot().entries.map((e) => e.origin)).toEqual([slow.origin]);
  });

  it('picks the fastest again when the picked user gateway is removed or hangs', async () => {
    const selector = new GatewaySelector({ defaults: [slow.origin, fast.origin], timeoutMs: 300 });
    await selector.read(CID, reader(CID));
    expect(selector.add(hanging.origin)).toMatchObject({ ok: true });
    expect(selector.snapshot().picked).toBe(hanging.origin);
    // The hanging gateway is given up after the timeout and the fastest one is picked.
    await expect.poll(() => selector.snapshot().picked, { timeout: 5_000 }).toBe(fast.origin);
    expect(selector.snapshot().entries.at(-1)).toMatchObject({
      origin: hanging.origin,
      state: 'failed',
    });
    selector.pick(hanging.origin);
    selector.remove(hanging.origin);
    await expect.poll(() => selector.snapshot().picked, { timeout: 5_000 }).toBe(fast.origin);
  });

  it('keeps a picked gateway only if it is in the list', () => {
    expect(
      new GatewaySelector({ defaults: [fast.origin], picked: 'https://gone.example' }).snapshot()
        .picked,
    ).toBeNull();
    expect(
      new GatewaySelector({
        defaults: [fast.origin],
        user: ['https://mine.example'],
        picked: 'https://mine.example/ipfs/',
      }).snapshot(),
    ).toMatchObject({ picked: 'https://mine.example' });
  });
});
