import { createServer } from 'node:net';
import type { KeyringPair } from '@polkadot/keyring/types';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { encodeAddress } from '@polkadot/util-crypto';
import { pairFromUri, signMessage } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeader } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, isSubscriptionActive, type SubscriptionLedger } from '../common/runtime-rules.ts';
import { removeDir, testOptions } from '../common/test-support.ts';
import { type IpfsServiceHandle, startIpfsService } from './service.ts';
import {
  type SeedAccounts,
  seedAccounts,
  startTestDevnet,
  type TestDevnet,
  web3Headers,
} from './test-support.ts';
import { AUTH_ERRORS, verifyAddressSignature } from './web3-auth-verify.ts';

let devnet: TestDevnet;
let a: SeedAccounts;

beforeAll(async () => {
  a = await seedAccounts();
  devnet = await startTestDevnet();
});

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

const APP_ORIGIN = 'http://127.0.0.1:5173';

/** An RPC call as the app makes it (from its origin). */
function call(headers: Record<string, string>, url = devnet.ipfs.apiUrl): Promise<Response> {
  return fetch(`${url}/api/v0/version`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, ...headers },
  });
}

async function expectRefused(res: Response, details: string, status = 401): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  const reason = status === 401 ? 'UNAUTHORIZED' : 'SERVICE_UNAVAILABLE';
  expect(await res.json()).toEqual({ error: { reason, details } });
}

async function expectAccepted(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(((await res.json()) as { Version: string }).Version).toBeTruthy();
}

function basic(credentials: string): string {
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/** Writes an RWS ledger and device list straight into the best block, as dev_setStorage does. */
function setSubscription(
  owner: KeyringPair,
  issueTime: number,
  days: number,
  devices: KeyringPair[],
) {
  const { node } = devnet.chain;
  const { runtime } = node;
  node.best.state.set(
    runtime.key('rws', 'ledger', owner.publicKey),
    runtime.encode(runtime.valueType('rws', 'ledger'), {
      freeWeight: 0,
      issueTime,
      lastUpdate: issueTime,
      kind: { Daily: { days } },
    }),
  );
  node.best.state.set(
    runtime.key('rws', 'devices', owner.publicKey),
    runtime.encode(
      runtime.valueType('rws', 'devices'),
      devices.map((d) => d.publicKey),
    ),
  );
}

describe('web3 auth refusals (docs/web3-auth.md)', () => {
  it('refuses a request without the owner header, even with a valid Authorization', async () => {
    await expectRefused(await call({}), AUTH_ERRORS.ownerNotFound);
    // Home Assistant's custom-gateway auth sends no `robonomics` header.
    const { authorization } = web3Headers(a.bobEd, a.alice.address);
    await expectRefused(
      await call({ authorization: authorization! }),
      'Subscription owner not found',
    );
  });

  it('refuses a request without an Authorization header', async () => {
    await expectRefused(
      await call({ robonomics: a.alice.address }),
      'Authorization header not found',
    );
  });

  it('refuses malformed credentials', async () => {
    const owner = { robonomics: a.alice.address };
    await expectRefused(await call({ ...owner, authorization: 'Token abc' }), 'Empty Signature');
    await expectRefused(await call({ ...owner, authorization: 'Basic' }), 'Empty Signature');
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}`) }),
      'Empty Signature',
    );
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}:`) }),
      'Empty Signature',
    );
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}:0xnothex`) }),
      'Invalid Signature',
    );
    await expectRefused(
      await call({ ...owner, authorization: basic('sub-not-an-address:0x00') }),
      'Invalid Signature',
    );
  });

  it('refuses a signature that is not the address owner’s over the address text', async () => {
    const owner = { robonomics: a.alice.address };
    // Charlie signs Bob's address.
    const foreign = u8aToHex(a.charlie.sign(stringToU8a(a.bobEd.address)));
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}:${foreign}`) }),
      'Invalid Signature',
    );
    // Bob signs another text.
    const otherText = u8aToHex(a.bobEd.sign(stringToU8a('hello')));
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}:${otherText}`) }),
      'Invalid Signature',
    );
    // One flipped bit.
    const good = a.bobEd.sign(stringToU8a(a.bobEd.address));
    good[10]! ^= 1;
    await expectRefused(
      await call({ ...owner, authorization: basic(`sub-${a.bobEd.address}:${u8aToHex(good)}`) }),
      'Invalid Signature',
    );
    // Only Substrate accounts can be devices.
    const sig = u8aToHex(a.bobEd.sign(stringToU8a(a.bobEd.address)));
    await expectRefused(
      await call({ ...owner, authorization: basic(`eth-${a.bobEd.address}:${sig}`) }),
      'Invalid Signature',
    );
  });

  it('refuses an address that is not a device of the owner’s subscription', async () => {
    await expectRefused(
      await call(web3Headers(a.charlie, a.alice.address)),
      'Invalid subscription',
    );
    // Dave's subscription lists only Dave.
    await expectRefused(await call(web3Headers(a.bobEd, a.dave.address)), 'Invalid subscription');
    // The device must be listed in the chain's format (SS58 32), as toHuman() shows it.
    const generic = encodeAddress(a.bobEd.publicKey, 42);
    const signature = u8aToHex(a.bobEd.sign(stringToU8a(generic)));
    await expectRefused(
      await call({
        robonomics: a.alice.address,
        authorization: basic(`sub-${generic}:${signature}`),
      }),
      'Invalid subscription',
    );
  });

  it('refuses an owner without a subscription or with an unreadable address', async () => {
    await expectRefused(await call(web3Headers(a.bobEd, a.bobEd.address)), 'Invalid subscription');
    await expectRefused(
      await call({ ...web3Headers(a.bobEd, a.alice.address), robonomics: 'not-an-address' }),
      'Invalid subscription',
    );
  });

  it('refuses the devices of an expired Daily subscription and accepts them while active', async () => {
    const twoDaysAgo = Date.now() - 2 * DAY_MS;
    setSubscription(a.charlie, twoDaysAgo, 1, [a.charlie]);
    await expectRefused(
      await call(web3Headers(a.charlie, a.charlie.address)),
      'Invalid subscription',
    );
    setSubscription(a.charlie, twoDaysAgo, 3, [a.charlie]);
    await expectAccepted(await call(web3Headers(a.charlie, a.charlie.address)));
  });

  it('guards every RPC command, and answers the refusal before routing', async () => {
    for (const path of [
      'add',
      'cat?arg=QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH',
      'ls',
      'pin/ls',
      'id',
      'unknown',
    ]) {
      const res = await fetch(`${devnet.ipfs.apiUrl}/api/v0/${path}`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN },
      });
      await expectRefused(res, AUTH_ERRORS.ownerNotFound);
    }
  });
});

describe('web3 auth acceptance', () => {
  it('accepts sr25519 and ed25519 devices of an active subscription', async () => {
    await expectAccepted(await call(web3Headers(a.alice, a.alice.address)));
    await expectAccepted(await call(web3Headers(a.bobEd, a.alice.address)));
    await expectAccepted(await call(web3Headers(a.controller, a.alice.address)));
  });

  it('accepts a <Bytes>-wrapped signature (browser extensions) and the Bearer scheme', async () => {
    await expectAccepted(await call(web3Headers(a.alice, a.alice.address, { wrapBytes: true })));
    await expectAccepted(await call(web3Headers(a.bobEd, a.alice.address, { wrapBytes: true })));
    const headers = web3Headers(a.bobEd, a.alice.address);
    headers.authorization = headers.authorization!.replace('Basic ', 'Bearer ');
    await expectAccepted(await call(headers));
  });

  it('accepts a Lifetime subscription, and an owner written in any SS58 format', async () => {
    await expectAccepted(await call(web3Headers(a.dave, a.dave.address)));
    await expectAccepted(await call(web3Headers(a.bobEd, encodeAddress(a.alice.publicKey, 42))));
  });

  it('lets a browser preflight the auth headers without credentials', async () => {
    const res = await fetch(`${devnet.ipfs.apiUrl}/api/v0/add`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,robonomics',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/robonomics/i);
  });

  it('refuses pages of other origins before the auth, and serves tools without one', async () => {
    const foreign = await call({
      ...web3Headers(a.dave, a.dave.address),
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${devnet.ipfs.apiUrl}/api/v0/add`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    const tool = await fetch(`${devnet.ipfs.apiUrl}/api/v0/version`, {
      method: 'POST',
      headers: web3Headers(a.dave, a.dave.address),
    });
    expect(tool.status).toBe(200);
    expect(tool.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the rules, without a server', () => {
  it('verifies the web3 auth vector of docs/web3-auth.md (ed25519 user)', () => {
    const address = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
    const signature =
      '0x0fc36c8add844f1505fa1a2160af82b3a19fd355bf22db4bf39b47887804127d725704f1c8ab767ef05f15ce0890df9e1a806ccdb728a710713a2cfbefd24a03';
    expect(verifyAddressSignature(address, signature)).toBe(true);
    expect(verifyAddressSignature(address, signature.replace('0fc3', '0fc4'))).toBe(false);
    expect(
      verifyAddressSignature('4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G', signature),
    ).toBe(false);
    // The real gateway decodes the signature with @polkadot/util's hexToU8a, which takes hex with
    // or without 0x: so does this one; text that is not hex is refused either way.
    expect(verifyAddressSignature(address, signature.slice(2))).toBe(true);
    expect(verifyAddressSignature(address, `0x${'zz'.repeat(64)}`)).toBe(false);
  });

  it('accepts the headers the app builds (its library): ed25519, sr25519, any SS58 format, <Bytes>', () => {
    /** The address and signature the gateway reads from a Basic header. */
    const credentials = (authorization: string) => {
      const text = Buffer.from(authorization.slice('Basic '.length), 'base64').toString();
      const [user = '', signature = ''] = text.split(':');
      expect(user.startsWith('sub-')).toBe(true);
      return { address: user.slice(4), signature };
    };
    const verifiesHeader = (authorization: string) => {
      const { address, signature } = credentials(authorization);
      return verifyAddressSignature(address, signature);
    };
    const user = pairFromUri(
      'bottom drive obey lake curtain smoke basket hold race lonely fit walk',
    );
    const vector = web3AuthFromPair(user);
    expect(vector.address).toBe('4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs');
    expect(verifiesHeader(vector.authorization)).toBe(true);
    const bob = pairFromUri('//Bob', 'sr25519');
    expect(verifiesHeader(web3AuthFromPair(bob).authorization)).toBe(true);
    expect(verifiesHeader(web3AuthFromPair(bob, 42).authorization)).toBe(true);
    // What an extension signs: the address wrapped in <Bytes>.
    const wrapped = signMessage(bob, new TextEncoder().encode(`<Bytes>${vector.address}</Bytes>`));
    expect(verifiesHeader(web3AuthHeader(vector.address, wrapped).authorization)).toBe(false);
    const own = web3AuthFromPair(bob).address;
    const ownWrapped = signMessage(bob, new TextEncoder().encode(`<Bytes>${own}</Bytes>`));
    expect(verifiesHeader(web3AuthHeader(own, ownWrapped).authorization)).toBe(true);
    // A MultiSignature's type byte is skipped, not trusted: the gateway (Polkadot's
    // signatureVerify) tries each scheme on the 64 bytes after it.
    expect(verifyAddressSignature(vector.address, `0x00${vector.signature.slice(2)}`)).toBe(true);
    expect(verifyAddressSignature(vector.address, `0x01${vector.signature.slice(2)}`)).toBe(true);
  });

  it('keeps a Daily subscription active up to issueTime + days·86 400 000 inclusive', () => {
    const ledger = (kind: SubscriptionLedger['kind'], issueTime: bigint) => ({
      freeWeight: 0n,
      issueTime,
      lastUpdate: issueTime,
      kind,
    });
    const daily = ledger({ type: 'Daily', days: 2 }, 1_000n);
    expect(isSubscriptionActive(daily, 1_000 + 2 * DAY_MS)).toBe(true);
    expect(isSubscriptionActive(daily, 1_000 + 2 * DAY_MS + 1)).toBe(false);
    expect(isSubscriptionActive(ledger({ type: 'Lifetime', tps: 1 }, 0n), 1e15)).toBe(true);
  });
});

describe('auth against a chain in another process', () => {
  let remote: IpfsServiceHandle;
  afterAll(() => remote?.stop());

  it('reads the subscription over WebSocket when the chain is not in this process', async () => {
    const chainPort = Number(new URL(devnet.chain.url).port);
    const options = testOptions(devnet.dataDir, {
      ports: { ...devnet.options.ports, chain: chainPort },
    });
    remote = await startIpfsService({ ...options, dataDir: `${devnet.dataDir}/remote` }, new Map());
    await expectAccepted(await call(web3Headers(a.bobEd, a.alice.address), remote.url));
    await expectAccepted(await call(web3Headers(a.dave, a.dave.address), remote.url));
    await expectRefused(
      await call(web3Headers(a.charlie, a.alice.address), remote.url),
      'Invalid subscription',
    );
  });

  it('answers 503 "Parachain is not ready" when the chain cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const options = testOptions(`${devnet.dataDir}/offline`, {
      ports: { ...devnet.options.ports, chain: port },
    });
    const offline = await startIpfsService(options, new Map());
    try {
      await expectRefused(
        await call(web3Headers(a.bobEd, a.alice.address), offline.url),
        AUTH_ERRORS.chainUnavailable,
        503,
      );
      // Refusals that need no chain still answer 401.
      await expectRefused(await call({}, offline.url), AUTH_ERRORS.ownerNotFound);
    } finally {
      await offline.stop();
    }
  });
});
