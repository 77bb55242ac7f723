import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { u8aToHex } from '@polkadot/util';
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainServiceHandle, startChainService } from '../chain/service.ts';
import type { DevnetOptions, RunningServices } from '../common/options.ts';
import { DAY_MS } from '../common/runtime-rules.ts';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { SEASON_PASS_ADDRESS, seasonPassAbi } from '../evm/season-pass-abi.ts';
import { devnetSepolia, type EvmServiceHandle, startEvmService } from '../evm/service.ts';
import { type EvmClients, evmClients, hardhatAccount } from '../evm/test-support.ts';
import { INPUT_TEXTS, ORACLE_TEXTS } from './oracle.ts';
import { type OracleServiceHandle, startOracleService } from './service.ts';

const APP_ORIGIN = 'http://127.0.0.1:5173';

type Answer = { result?: unknown; error?: unknown };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('nft oracle', () => {
  const dir = tempDir('devnet-oracle-');
  let options: DevnetOptions;
  let running: RunningServices;
  let chain: ChainServiceHandle;
  let evm: EvmServiceHandle;
  let oracle: OracleServiceHandle;
  let api: ApiPromise;
  let eth: EvmClients;
  let holders: Address[];
  const parachain: Record<string, string> = {};
  /** Who received the first free minimum (token 1), and who was refused it. */
  let granted: string;
  let refused: string;

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${oracle.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as Answer;
  }
  const check = (nft: unknown, address: unknown) => post('/api/check', { nft, address });
  /** The app's request: {signature, nft, address, for}, signed by Hardhat account #signer. */
  async function claim(nft: number, holder: number, target: string, signer = holder) {
    const address = holders[holder]!;
    const signature = await hardhatAccount(signer).signMessage({
      message: JSON.stringify({ nft, address, for: target }),
    });
    return post('/api/verify', { signature, nft, address, for: target });
  }
  async function activate(holder: number, tokenId: bigint) {
    const hash = await eth.wallet.writeContract({
      address: SEASON_PASS_ADDRESS,
      abi: seasonPassAbi,
      functionName: 'activate',
      args: [tokenId],
      account: holders[holder]!,
      chain: devnetSepolia,
    });
    await eth.reader.getTransactionReceipt({ hash });
  }
  async function ledger(address: string) {
    const option = (await api.query.rws!.ledger!(address)) as unknown as {
      isSome: boolean;
      unwrap(): { toJSON(): { issueTime: number; kind: unknown } };
    };
    return option.isSome ? option.unwrap().toJSON() : null;
  }
  function grantsFile() {
    return JSON.parse(readFileSync(join(dir, 'oracle', 'grants.json'), 'utf8')) as {
      grants: Record<string, unknown>[];
    };
  }

  beforeAll(async () => {
    await cryptoWaitReady();
    const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
    for (const name of ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie']) {
      parachain[name] = keyring.addFromUri(`//${name}`).address;
    }
    // The seeded chain: Alice has an active Daily subscription, Dave a Lifetime one.
    options = testOptions(dir, { seed: true });
    chain = await startChainService(options);
    running = new Map([['chain', chain]]);
    evm = await startEvmService(options, running);
    running.set('evm', evm);
    oracle = await startOracleService(options, running);
    api = await ApiPromise.create({ provider: new WsProvider(chain.url), noInitWarn: true });
    eth = evmClients(evm.url);
    holders = evm.accounts;
  });
  afterAll(async () => {
    await api?.disconnect();
    await oracle?.stop();
    await evm?.stop();
    await chain?.stop();
    removeDir(dir);
  });

  it('listens on 127.0.0.1 and reads the EVM and chain services of this process', () => {
    expect(oracle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(oracle.evmUrl).toBe(evm.url);
    expect(oracle.chainUrl).toBe(chain.url);
  });

  it('/check: availability in order (holder, then activation)', async () => {
    // Seed: token 1 (#0, activated), 2 (#0, not activated), 3 (#1, not activated).
    expect(await check(1, holders[0])).toEqual({ result: true });
    expect(await check(2, holders[0])).toEqual({ error: ORACLE_TEXTS.notActivated });
    expect(await check(1, holders[1])).toEqual({ error: ORACLE_TEXTS.wrongOwner });
    expect(await check(999, holders[0])).toEqual({ error: ORACLE_TEXTS.wrongOwner });
    // Wrong holder and not activated: the holder check comes first.
    expect(await check(3, holders[0])).toEqual({ error: ORACLE_TEXTS.wrongOwner });
    // getAddress accepts lowercase and a missing 0x.
    expect(await check(1, holders[0]!.toLowerCase())).toEqual({ result: true });
    expect(await check(1, holders[0]!.slice(2))).toEqual({ result: true });
    expect(await check('1', holders[0])).toEqual({ result: true });
  });

  it('/verify: refuses in the order of docs/nft-oracle.md', async () => {
    // 1. availability
    expect(await claim(2, 0, parachain.Charlie!)).toEqual({ error: ORACLE_TEXTS.notActivated });
    expect(await claim(3, 0, parachain.Charlie!)).toEqual({ error: ORACLE_TEXTS.wrongOwner });
    // 2. a target with a running subscription (Daily, Lifetime), even before the signature
    expect(await claim(1, 0, parachain.Alice!)).toEqual({
      error: ORACLE_TEXTS.subscriptionAlready,
    });
    expect(await claim(1, 0, parachain.Dave!)).toEqual({ error: ORACLE_TEXTS.subscriptionAlready });
    expect(await claim(1, 0, parachain.Alice!, 1)).toEqual({
      error: ORACLE_TEXTS.subscriptionAlready,
    });
    // 3. signature: another signer, a different message, malformed values
    expect(await claim(1, 0, parachain.Charlie!, 1)).toEqual({ error: ORACLE_TEXTS.badSignature });
    const address = holders[0]!;
    const signedChecksummed = await hardhatAccount(0).signMessage({
      message: JSON.stringify({ nft: 1, address, for: parachain.Charlie }),
    });
    // The address is part of the message as sent: checksum case matters.
    expect(
      await post('/api/verify', {
        signature: signedChecksummed,
        nft: 1,
        address: address.toLowerCase(),
        for: parachain.Charlie,
      }),
    ).toEqual({ error: ORACLE_TEXTS.badSignature });
    // Keys in another order are another message.
    const reordered = await hardhatAccount(0).signMessage({
      message: JSON.stringify({ address, nft: 1, for: parachain.Charlie }),
    });
    for (const signature of [reordered, '0x1234', 42, null, `${signedChecksummed}00`]) {
      expect(
        await post('/api/verify', { signature, nft: 1, address, for: parachain.Charlie }),
      ).toEqual({ error: ORACLE_TEXTS.badSignature });
    }
    // A malformed target.
    expect(await claim(1, 0, 'not-an-ss58-address')).toEqual({ error: INPUT_TEXTS.badFor });
    expect(await ledger(parachain.Charlie!)).toBeNull();
    expect(oracle.grants.all).toHaveLength(0);
  });

  it('/verify: grants a 30-day Daily subscription signed by //Alice, once per token', async () => {
    const before = (await api.rpc.chain.getHeader()).number.toNumber();
    // Two claims of the same token at once (Charlie, Eve): exactly one wins.
    const answers = await Promise.all([
      claim(1, 0, parachain.Charlie!),
      claim(1, 0, parachain.Eve!),
    ]);
    expect(answers).toContainEqual({ result: true });
    expect(answers).toContainEqual({ error: ORACLE_TEXTS.alreadyReceived });
    granted = answers[0]!.result === true ? parachain.Charlie! : parachain.Eve!;
    refused = granted === parachain.Charlie ? parachain.Eve! : parachain.Charlie!;

    const ledgerNow = await ledger(granted);
    expect(ledgerNow?.kind).toEqual({ daily: { days: 30 } });
    const now = (
      (await api.query.timestamp!.now!()) as unknown as { toNumber(): number }
    ).toNumber();
    expect(Math.abs(ledgerNow!.issueTime - now)).toBeLessThan(60_000);
    expect(await ledger(refused)).toBeNull();

    // The row, and the extrinsic it points to: rws.setSubscription signed by the oracle key.
    const rows = grantsFile().grants;
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      tokenId: '1',
      addressEthereum: holders[0],
      addressParachain: granted,
    });
    expect(row.blockNumber as number).toBeGreaterThan(before);
    const blockHash = await api.rpc.chain.getBlockHash(row.blockNumber as number);
    expect(blockHash.toHex()).toBe(row.blockHash);
    const block = await api.rpc.chain.getBlock(blockHash);
    const extrinsic = block.block.extrinsics[row.txIndex as number]!;
    expect(`${extrinsic.method.section}.${extrinsic.method.method}`).toBe('rws.setSubscription');
    expect(u8aToHex(decodeAddress(extrinsic.signer.toString()))).toBe(
      u8aToHex(decodeAddress(parachain.Alice!)),
    );

    // The token is spent: both endpoints say so, and the app stops polling on this text.
    expect(await check(1, holders[0])).toEqual({ error: ORACLE_TEXTS.alreadyReceived });
    expect(await claim(1, 0, refused)).toEqual({ error: ORACLE_TEXTS.alreadyReceived });
    expect(await claim(1, 0, granted)).toEqual({ error: ORACLE_TEXTS.alreadyReceived });
  });

  it('gives one free minimum per Ethereum address and per parachain address', async () => {
    // #0 activates its second token; its address already received a free minimum.
    await activate(0, 2n);
    expect(await check(2, holders[0])).toEqual({ result: true });
    expect(await claim(2, 0, parachain.Ferdie!)).toEqual({ error: ORACLE_TEXTS.failed });
    expect(await ledger(parachain.Ferdie!)).toBeNull();

    // #1's token 3 for the account granted above: refused while its subscription runs…
    await activate(1, 3n);
    expect(await claim(3, 1, granted)).toEqual({ error: ORACLE_TEXTS.subscriptionAlready });
    // …and, 31 days later when it has ended, because it already had a free minimum.
    const provider = (api as unknown as { _rpcCore: { provider: WsProvider } })._rpcCore.provider;
    await provider.send('dev_timeTravel', [Date.now() + 31 * DAY_MS]);
    await provider.send('dev_newBlock', [{ count: 1 }]);
    expect(await claim(3, 1, granted)).toEqual({ error: ORACLE_TEXTS.failed });
    // Another target is fine.
    expect(await claim(3, 1, parachain.Ferdie!)).toEqual({ result: true });
    expect((await ledger(parachain.Ferdie!))?.kind).toEqual({ daily: { days: 30 } });
    expect(grantsFile().grants.map((g) => g.tokenId)).toEqual(['1', '3']);
  });

  it('answers malformed requests with {error} and keeps serving', async () => {
    for (const body of ['not json', '', '[1,2]', 'null', '"text"', '{"nft":1,']) {
      expect(await post('/api/check', body)).toEqual({ error: INPUT_TEXTS.badJson });
      expect(await post('/api/verify', body)).toEqual({ error: INPUT_TEXTS.badJson });
    }
    for (const nft of [-1, 1.5, 'abc', '01', {}, [], true, null, undefined, 2 ** 60]) {
      expect(await check(nft, holders[0])).toEqual({ error: INPUT_TEXTS.badNft });
      expect(await post('/api/verify', { nft, address: holders[0], for: parachain.Bob })).toEqual({
        error: INPUT_TEXTS.badNft,
      });
    }
    const badChecksum = holders[0]!.replace(/[a-f]/, (ch) => ch.toUpperCase());
    for (const address of ['xyz', 42, null, undefined, `${holders[0]}00`, badChecksum]) {
      expect(await check(4, address)).toEqual({ error: INPUT_TEXTS.badAddress });
    }
    const huge = JSON.stringify({ nft: 4, address: holders[2], pad: 'x'.repeat(70 * 1024) });
    for (const path of ['/api/check', '/api/verify']) {
      const res = await fetch(`${oracle.url}${path}`, { method: 'POST', body: huge });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: INPUT_TEXTS.tooLarge });
    }
    // Far too large: the connection is dropped rather than read to the end.
    await fetch(`${oracle.url}/api/check`, {
      method: 'POST',
      body: 'x'.repeat(9 * 1024 * 1024),
    }).catch(() => null);
    const get = await fetch(`${oracle.url}/api/check`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ error: INPUT_TEXTS.notFound });
    expect(await post('/api/other', {})).toEqual({ error: INPUT_TEXTS.notFound });
    // Still up, and a well-formed request still works.
    expect(await check(4, holders[2])).toEqual({ result: true });
  });

  it('allows the app origin through CORS, preflight included', async () => {
    const preflight = await fetch(`${oracle.url}/api/verify`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');

    const res = await fetch(`${oracle.url}/api/check`, {
      method: 'POST',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ nft: 4, address: holders[2] }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await res.json()).toEqual({ result: true });

    const foreign = await fetch(`${oracle.url}/api/check`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ nft: 4, address: holders[2] }),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps its grants across a restart', async () => {
    await oracle.stop();
    oracle = await startOracleService(options, running);
    expect(oracle.grants.all).toHaveLength(2);
    expect(await check(1, holders[0])).toEqual({ error: ORACLE_TEXTS.alreadyReceived });
    expect(await check(3, holders[1])).toEqual({ error: ORACLE_TEXTS.alreadyReceived });
  });

  it('says which node is unreachable instead of failing', async () => {
    const down = await closedPort();
    const ports = { ...options.ports, oracle: 0 };
    const noEvm = await startOracleService(
      { ...options, dataDir: join(dir, 'no-evm'), ports: { ...ports, evm: down } },
      new Map([['chain', chain]]),
    );
    const noChain = await startOracleService(
      { ...options, dataDir: join(dir, 'no-chain'), ports: { ...ports, chain: down } },
      new Map([['evm', evm]]),
    );
    try {
      const ask = (url: string, path: string, body: unknown) =>
        fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(
          (r) => r.json() as Promise<Answer>,
        );
      expect(await ask(noEvm.url, '/api/check', { nft: 4, address: holders[2] })).toEqual({
        error: INPUT_TEXTS.ethereumDown,
      });
      const signature = await hardhatAccount(2).signMessage({
        message: JSON.stringify({ nft: 4, address: holders[2], for: parachain.Bob }),
      });
      expect(
        await ask(noChain.url, '/api/verify', {
          signature,
          nft: 4,
          address: holders[2],
          for: parachain.Bob,
        }),
      ).toEqual({ error: INPUT_TEXTS.parachainDown });
    } finally {
      await noEvm.stop();
      await noChain.stop();
    }
  });
});
