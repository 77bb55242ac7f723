import '@polkadot/api-augment';
import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { hexToU8a } from '@polkadot/util';
import { blake2AsHex, cryptoWaitReady } from '@polkadot/util-crypto';
import { metadataHashOf } from '@robonomics-dapp/robonomics/chain/metadata/hash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

const XRT = 1_000_000_000n;
let devnet: DevnetProcess;
let api: ApiPromise;
let provider: WsProvider;
let keyring: Keyring;
let alice: KeyringPair;
let bob: KeyringPair;
let charlie: KeyringPair;
let dave: KeyringPair;
let eve: KeyringPair;
let ferdie: KeyringPair;

interface LedgerCodec {
  isSome: boolean;
  unwrap(): {
    kind: { toJSON(): unknown };
    freeWeight: { toBigInt(): bigint };
    issueTime: { toNumber(): number; toBigInt(): bigint };
    lastUpdate: { toNumber(): number; toBigInt(): bigint };
  };
}

/** RWS.Ledger, typed here because @polkadot/api has no Robonomics augmentation. */
async function ledgerOf(address: string): Promise<LedgerCodec> {
  return (await api.query.rws.ledger(address)) as unknown as LedgerCodec;
}

interface Outcome {
  events: string[];
  error: string | null;
  raw: { section: string; method: string; data: unknown }[];
}

/** Signs, sends and resolves at inclusion with the extrinsic's events and its error, if any. */
function send(
  tx: SubmittableExtrinsic<'promise'>,
  signer: KeyringPair,
  options: { mode?: number; metadataHash?: string } = {},
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    tx.signAndSend(signer, { nonce: -1, ...options }, (result) => {
      if (!result.status.isInBlock && !result.status.isFinalized) return;
      let error: string | null = null;
      if (result.dispatchError) {
        if (result.dispatchError.isModule) {
          const meta = api.registry.findMetaError(result.dispatchError.asModule);
          error = `${meta.section}.${meta.name}`;
        } else
          error =
            result.dispatchError.type +
            (result.dispatchError.isToken ? `.${result.dispatchError.asToken.type}` : '');
      }
      resolve({
        events: result.events.map(({ event }) => `${event.section}.${event.method}`),
        error,
        raw: result.events.map(({ event }) => ({
          section: event.section,
          method: event.method,
          data: event.data.toJSON(),
        })),
      });
    }).catch(reject);
  });
}

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  return provider.send(method, params);
}

async function newBlocks(count: number) {
  await rpc('dev_newBlock', [{ count }]);
}

const AUCTION_DURATION = 10;

/** Seals blocks until the next auction rotation has run. */
async function rotate() {
  const number = (await api.rpc.chain.getHeader()).number.toNumber();
  await newBlocks(AUCTION_DURATION - (number % AUCTION_DURATION) || AUCTION_DURATION);
}

beforeAll(async () => {
  await cryptoWaitReady();
  devnet = await startDevnet([
    '--instant',
    '--auction-duration',
    String(AUCTION_DURATION),
    '--reset',
  ]);
  provider = new WsProvider(devnet.url);
  api = await ApiPromise.create({ provider, noInitWarn: true });
  keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  [alice, bob, charlie, dave, eve, ferdie] = [
    'Alice',
    'Bob',
    'Charlie',
    'Dave',
    'Eve',
    'Ferdie',
  ].map((n) => keyring.addFromUri(`//${n}`)) as KeyringPair[];
});

afterAll(async () => {
  await api?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('@polkadot/api against the devnet', () => {
  it('connects to a node that looks like Robonomics spec 43', async () => {
    expect((await api.rpc.system.chain()).toString()).toBe('Robonomics Local Development');
    expect(api.runtimeVersion.specName.toString()).toBe('robonomics');
    expect(api.runtimeVersion.specVersion.toNumber()).toBe(43);
    expect(api.registry.chainSS58).toBe(32);
    expect(api.registry.chainDecimals).toEqual([9]);
    expect(api.registry.chainTokens).toEqual(['XRT']);
  });

  it('reads the real constants, with the auction duration patched', () => {
    expect(api.consts.rws.minimalBid.toString()).toBe('1000000000');
    expect(api.consts.rws.referenceCallWeight.toString()).toBe('70952000');
    expect(api.consts.rws.auctionDuration.toString()).toBe('10');
    expect(api.consts.datalog.windowSize.toString()).toBe('128');
    expect(api.consts.balances.existentialDeposit.toString()).toBe('1000');
  });

  it('endows the dev accounts and derives their balances', async () => {
    const account = await api.query.system.account(ferdie.address);
    expect(account.data.free.toBigInt()).toBe(1_000_000n * XRT);
    const all = await api.derive.balances.all(ferdie.address);
    expect(all.freeBalance.toBigInt()).toBe(1_000_000n * XRT);
    const edAlice = keyring.addFromUri('//Alice', {}, 'ed25519');
    expect((await api.query.system.account(edAlice.address)).data.free.toBigInt()).toBe(
      1_000_000n * XRT,
    );
  });

  it('quotes fees with the runtime formula', async () => {
    const info = await api.tx.datalog.record('hello').paymentInfo(alice);
    expect(info.partialFee.toBigInt()).toBe(115_341n);
    expect(info.weight.refTime.toBigInt()).toBe(682_407_000n);
  });

  it('transfers, creating accounts and refusing amounts below the existential deposit', async () => {
    const fresh = keyring.addFromUri('//Fresh');
    const ok = await send(api.tx.balances.transferKeepAlive(fresh.address, 10n * XRT), alice);
    expect(ok.error).toBeNull();
    expect(ok.events).toEqual([
      'balances.Withdraw',
      'system.NewAccount',
      'balances.Endowed',
      'balances.Transfer',
      // The chain's first fee creates the collator pot it goes to, as on the real runtime.
      'system.NewAccount',
      'balances.Endowed',
      'balances.Deposit',
      'transactionPayment.TransactionFeePaid',
      'system.ExtrinsicSuccess',
    ]);
    const dust = await send(
      api.tx.balances.transferKeepAlive(keyring.addFromUri('//Dust').address, 999n),
      alice,
    );
    expect(dust.error).toBe('Token.BelowMinimum');
    const all = (await api.query.system.account(fresh.address)).data.free.toBigInt();
    const drain = await send(api.tx.balances.transferKeepAlive(bob.address, all - 100n), fresh);
    expect(drain.error).toBe('Token.FundsUnavailable');
  });

  it('runs the whole RWS story: auctions, bids, rotation, devices and calls through the subscription', async () => {
    const start = await send(
      api.tx.utility.batchAll([
        api.tx.sudo.sudo(api.tx.rws.startAuction({ Daily: { days: 30 } })),
        api.tx.sudo.sudo(api.tx.rws.startAuction({ Daily: { days: 30 } })),
      ]),
      alice,
    );
    expect(start.events.filter((e) => e === 'rws.NewAuction')).toHaveLength(2);
    const queue = (await api.query.rws.auctionQueue()).toJSON() as number[];
    expect(queue.length).toBeGreaterThanOrEqual(2);
    const index = queue[0]!;

    // Auctions with a bid end at the next rotation: start right after one, so the bids below
    // (one block each) all land before the next.
    await rotate();
    expect((await send(api.tx.rws.bid(9999, 2n * XRT), bob)).error).toBe('rws.NotLiveAuction');
    expect((await send(api.tx.rws.bid(index, XRT), bob)).error).toBe('rws.TooSmallBid');
    const bid = await send(api.tx.rws.bid(index, 2n * XRT), bob);
    expect(bid.events).toContain('rws.NewBid');
    expect((await api.query.system.account(bob.address)).data.reserved.toBigInt()).toBe(2n * XRT);
    expect((await send(api.tx.rws.bid(index, 2n * XRT), charlie)).error).toBe('rws.TooSmallBid');
    const outbid = await send(api.tx.rws.bid(index, 3n * XRT), charlie);
    expect(outbid.error).toBeNull();
    expect(outbid.events).toEqual(
      expect.arrayContaining(['balances.Reserved', 'balances.Unreserved', 'rws.NewBid']),
    );
    expect((await api.query.system.account(bob.address)).data.reserved.toBigInt()).toBe(0n);

    await rotate();
    const ledger = await ledgerOf(charlie.address);
    expect(ledger.isSome).toBe(true);
    expect(ledger.unwrap().kind.toJSON()).toEqual({ daily: { days: 30 } });
    expect((await api.query.system.account(charlie.address)).data.reserved.toBigInt()).toBe(0n);
    expect((await api.query.rws.auctionQueue()).toJSON()).not.toContain(index);

    const devices = await send(api.tx.rws.setDevices([dave.address]), charlie);
    expect(devices.events).toContain('rws.NewDevices');
    const notDevice = await send(api.tx.rws.call(charlie.address, api.tx.datalog.record('x')), eve);
    expect(notDevice.error).toBe('rws.NotLinkedDevice');
    const noWeight = await send(api.tx.rws.call(charlie.address, api.tx.datalog.record('x')), dave);
    expect(noWeight.error).toBe('rws.FreeWeightIsNotEnough');

    const before = ledger.unwrap();
    const travel = before.lastUpdate.toNumber() + 400_000;
    await rpc('dev_timeTravel', [travel]);
    const through = await send(api.tx.rws.call(charlie.address, api.tx.datalog.record('x')), dave);
    expect(through.error).toBeNull();
    expect(through.events).toEqual(
      expect.arrayContaining(['datalog.NewRecord', 'rws.NewCall', 'system.ExtrinsicSuccess']),
    );
    // The subscription paid: no fee was withdrawn from the device.
    expect(through.events).not.toContain('balances.Withdraw');
    const after = (await ledgerOf(charlie.address)).unwrap();
    const elapsed = after.lastUpdate.toBigInt() - before.lastUpdate.toBigInt();
    const predicted = (70_952_000n * 10_000n * elapsed) / 1_000_000_000n - 260_430_000n;
    expect(after.freeWeight.toBigInt()).toBe(predicted);
  });

  it('grants Lifetime and Daily subscriptions through the oracle, and a Daily one stops accruing', async () => {
    expect(
      (await send(api.tx.rws.setSubscription(eve.address, { Daily: { days: 1 } }), bob)).error,
    ).toBe('rws.OracleOnlyCall');
    await send(api.tx.rws.setSubscription(ferdie.address, { Lifetime: { tps: 1_000_000 } }), alice);
    expect((await ledgerOf(ferdie.address)).unwrap().kind.toJSON()).toEqual({
      lifetime: { tps: 1_000_000 },
    });
    await send(api.tx.rws.setSubscription(eve.address, { Daily: { days: 1 } }), alice);
    await send(api.tx.rws.setDevices([eve.address]), eve);
    const issued = (await ledgerOf(eve.address)).unwrap().issueTime.toNumber();
    await rpc('dev_timeTravel', [issued + 2 * 86_400_000]);
    const expired = await send(api.tx.rws.call(eve.address, api.tx.datalog.record('late')), eve);
    expect(expired.error).toBe('rws.FreeWeightIsNotEnough');
  });

  it('keeps 127 records in the datalog ring and refuses records over 512 bytes', async () => {
    const calls = Array.from({ length: 130 }, (_, i) => api.tx.datalog.record(`record ${i}`));
    const outcome = await send(api.tx.utility.batch(calls), bob);
    expect(outcome.events.filter((e) => e === 'datalog.NewRecord')).toHaveLength(130);
    const index = (await api.query.datalog.datalogIndex(bob.address)).toJSON() as {
      start: number;
      end: number;
    };
    expect(index).toEqual({ start: 3, end: 2 });
    // start == end means empty, so the 128-slot ring holds 127 records.
    expect((index.end - index.start + 128) % 128).toBe(127);
    const newest = await api.query.datalog.datalogItem([bob.address, 1]);
    expect(newest.toHuman()).toEqual([expect.any(String), 'record 129']);
    await expect(send(api.tx.datalog.record('x'.repeat(513)), bob)).rejects.toThrow(/1002/);
  });

  it('creates twins, sets and removes sources, and refuses a non-owner', async () => {
    const created = await send(api.tx.digitalTwin.create(), charlie);
    const event = created.raw.find((e) => e.method === 'NewDigitalTwin')!;
    const id = (event.data as [string, number])[1];
    const topic = `0x${'11'.repeat(32)}`;
    expect(
      (await send(api.tx.digitalTwin.setSource(id, topic, dave.address), charlie)).events,
    ).toContain('digitalTwin.TopicChanged');
    expect((await api.query.digitalTwin.digitalTwin(id)).toJSON()).toEqual({
      [topic]: dave.address,
    });
    expect((await send(api.tx.digitalTwin.setSource(id, topic, eve.address), eve)).error).toBe(
      'Other',
    );
    await send(api.tx.digitalTwin.removeSource(id, topic, dave.address), charlie);
    expect((await api.query.digitalTwin.digitalTwin(id)).toJSON()).toEqual({});
    expect((await api.query.digitalTwin.owner(id)).toString()).toBe(charlie.address);
    // Counters read back as numbers, not as big-endian hex: the next twin gets the next id.
    const second = await send(api.tx.digitalTwin.create(), dave);
    expect(
      (second.raw.find((e) => e.method === 'NewDigitalTwin')!.data as [string, number])[1],
    ).toBe(id + 1);
    expect((await api.query.digitalTwin.total()).toJSON()).toBe(id + 2);
    expect(Number((await api.query.rws.auctionNext()).toString())).toBe(2);
  });

  it('launches robots', async () => {
    const param = `0x30${'00'.repeat(31)}`;
    const launched = await send(api.tx.launch.launch(dave.address, param), charlie);
    expect(launched.raw.find((e) => e.method === 'NewLaunch')?.data).toEqual([
      charlie.address,
      dave.address,
      param,
    ]);
  });

  it('rolls a failed batch_all back whole but keeps what batch did before its failure', async () => {
    const bobIndex = async () =>
      ((await api.query.datalog.datalogIndex(alice.address)).toJSON() as { end: number }).end;
    const start = await bobIndex();
    const batch = await send(
      api.tx.utility.batch([api.tx.datalog.record('kept'), api.tx.rws.bid(9999, 2n * XRT)]),
      alice,
    );
    expect(batch.error).toBeNull();
    expect(batch.events).toContain('utility.BatchInterrupted');
    expect(await bobIndex()).toBe(start + 1);
    const all = await send(
      api.tx.utility.batchAll([api.tx.datalog.record('lost'), api.tx.rws.bid(9999, 2n * XRT)]),
      alice,
    );
    expect(all.error).toBe('rws.NotLiveAuction');
    expect(await bobIndex()).toBe(start + 1);
  });

  it('rejects bad signatures, stale nonces, double spends and unfunded senders with the node codes', async () => {
    const tx = api.tx.system.remark('0x01');
    await tx.signAsync(dave, { nonce: -1 });
    const bytes = tx.toU8a();
    bytes[bytes.length - 1] ^= 0xff;
    await expect(
      rpc('author_submitExtrinsic', [`0x${Buffer.from(bytes).toString('hex')}`]),
    ).rejects.toThrow(/1002|1010/);

    const nonce = (await api.rpc.system.accountNextIndex(dave.address)).toNumber();
    const first = api.tx.system.remark('0x02');
    await first.signAsync(dave, { nonce });
    const second = api.tx.system.remark('0x03');
    await second.signAsync(dave, { nonce });
    // Both meet in the pool: no block is sealed between the two submissions (that would make
    // the second outdated, 1010, instead); dev_newBlock still builds the block that takes the first.
    await rpc('dev_holdBlocks', [true]);
    try {
      const [ok, doubled] = await Promise.allSettled([
        rpc('author_submitExtrinsic', [first.toHex()]),
        rpc('author_submitExtrinsic', [second.toHex()]),
      ]);
      expect(ok.status).toBe('fulfilled');
      expect(doubled.status === 'rejected' && String(doubled.reason)).toMatch(/1014/);
      await newBlocks(1);
    } finally {
      await rpc('dev_holdBlocks', [false]);
    }
    // The same bytes again: a node bans included transactions for a while.
    await expect(rpc('author_submitExtrinsic', [first.toHex()])).rejects.toThrow(
      /1012: Transaction is temporarily banned/,
    );
    // Other bytes with the spent nonce are outdated.
    const stale = api.tx.system.remark('0x05');
    await stale.signAsync(dave, { nonce });
    await expect(rpc('author_submitExtrinsic', [stale.toHex()])).rejects.toThrow(
      /1010.*outdated|outdated/,
    );

    const broke = keyring.addFromUri('//Broke');
    const unfunded = api.tx.system.remark('0x04');
    await unfunded.signAsync(broke, { nonce: 0 });
    await expect(rpc('author_submitExtrinsic', [unfunded.toHex()])).rejects.toThrow(
      /Inability to pay some fees/,
    );
  });

  it('checks CheckMetadataHash in mode 1 against the hash of the metadata it serves', async () => {
    // The RFC-0078 hash with XRT and 9 decimals, as the on-chain builds have it built in.
    const served = metadataHashOf((await api.rpc.state.getMetadata()).toU8a(), {
      decimals: 9,
      symbol: 'XRT',
    });
    const signed = await send(api.tx.system.remark('0x10'), dave, {
      mode: 1,
      metadataHash: served,
    });
    expect(signed.error).toBeNull();
    // A signature over any other hash does not verify, as the runtime says of a bad signature.
    const other = api.tx.system.remark('0x11');
    await other.signAsync(dave, { nonce: -1, mode: 1, metadataHash: `0x${'11'.repeat(32)}` });
    await expect(rpc('author_submitExtrinsic', [other.toHex()])).rejects.toThrow(
      /1010.*bad signature|bad signature/,
    );
  });

  it('answers state_getStorageHash with the blake2-256 hash of the value', async () => {
    // A value of our own: the hash of "hello" is the published blake2b-256 vector.
    const key = '0x0000000000000000000000000000000000000000000000000000000000c0ffee';
    await rpc('dev_setStorage', [[[key, '0x68656c6c6f']]]);
    const hello = '0x324dcf027dd4a30a932c441f365a25e86b173defa4b8e58948253471b81b72cf';
    expect((await api.rpc.state.getStorageHash(key)).toHex()).toBe(hello);
    expect(await rpc('state_getStorageHash', [key])).toBe(hello);
    // A runtime value, at a given block, through both clients.
    const account = api.query.system.account.key(alice.address);
    const head = (await api.rpc.chain.getHeader()).hash.toHex();
    const value = (await rpc('state_getStorage', [account, head])) as string;
    const hash = blake2AsHex(hexToU8a(value), 256);
    expect(hash).not.toBe(value);
    expect((await api.rpc.state.getStorageHash(account, head)).toHex()).toBe(hash);
    expect(await rpc('state_getStorageHash', [account, head])).toBe(hash);
    // Nothing stored: null, as a node answers.
    expect(await rpc('state_getStorageHash', [`${key.slice(0, -6)}decade`])).toBeNull();
  });

  it('answers malformed requests with JSON-RPC errors and keeps running', async () => {
    const socket = new WebSocket(devnet.url);
    await new Promise((resolve) => socket.once('open', resolve));
    const ask = (text: string) =>
      new Promise<{ error?: { code: number } }>((resolve) => {
        socket.once('message', (data) => resolve(JSON.parse(data.toString())));
        socket.send(text);
      });
    expect((await ask('{not json')).error?.code).toBe(-32700);
    expect(
      (await ask(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no_such_method', params: [] })))
        .error?.code,
    ).toBe(-32601);
    expect(
      (
        await ask(
          JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'chain_getBlockHash', params: ['x'] }),
        )
      ).error?.code,
    ).toBe(-32602);
    expect(
      (
        await ask(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'author_submitExtrinsic',
            params: ['0x1234'],
          }),
        )
      ).error?.code,
    ).toBe(1002);
    const devices = Array.from({ length: 33 }, () => alice.address);
    const tooMany = api.tx.rws.setDevices(devices);
    await tooMany.signAsync(alice, { nonce: -1 });
    expect(
      (
        await ask(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 4,
            method: 'author_submitExtrinsic',
            params: [tooMany.toHex()],
          }),
        )
      ).error?.code,
    ).toBe(1002);
    socket.close();
    expect((await api.rpc.system.health()).isSyncing.isFalse).toBe(true);
  });
});
