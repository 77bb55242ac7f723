import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Codec } from '@polkadot/types/types';
import { cryptoWaitReady, encodeAddress } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServiceHandle } from '../chain/service.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { CRUST_API_OPTIONS } from './api-options.ts';
import {
  CRU,
  CRUST_CONSTANTS,
  DEV_ENDOWMENT,
  GENESIS_MARKET_FEES,
  marketPot,
  TREASURY_ACCOUNT,
} from './constants.ts';
import { SIMULATED_REPLICAS } from './pallets/market.ts';
import { cidHex, startTestCrust } from './test-support.ts';

const CID = 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u';
const MB = 1_048_576n;

let dir: string;
let crust: ChainServiceHandle;
let provider: WsProvider;
let api: ApiPromise;
let keyring: Keyring;
let alice: KeyringPair;
let bob: KeyringPair;

interface Outcome {
  events: string[];
  error: string | null;
  data: Record<string, unknown>;
  blockHash: string;
  fee: bigint;
}

/**
 * Signs, sends and resolves at inclusion with the extrinsic's events, error and the fee the node
 * quoted for it (Crust's runtime reports no fee event: tests check the quote against balances).
 */
async function send(tx: SubmittableExtrinsic<'promise'>, signer: KeyringPair, options = {}) {
  const fee = (await tx.paymentInfo(signer, options)).partialFee.toBigInt();
  return new Promise<Outcome>((resolve, reject) => {
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
      const data: Record<string, unknown> = {};
      for (const { event } of result.events)
        data[`${event.section}.${event.method}`] = event.data.toJSON();
      resolve({
        events: result.events.map(({ event }) => `${event.section}.${event.method}`),
        error,
        data,
        blockHash: (result.status.isInBlock
          ? result.status.asInBlock
          : result.status.asFinalized
        ).toHex(),
        fee,
      });
    }).catch(reject);
  });
}

type Query = (...args: unknown[]) => Promise<Codec>;
const query = (section: string, item: string) =>
  (api.query as unknown as Record<string, Record<string, Query & { at: unknown }>>)[section]![
    item
  ]!;

/** Free balance at a block (default: best). */
async function free(address: string | Uint8Array, at?: string): Promise<bigint> {
  const target = at ? await api.at(at) : api;
  const info = (await target.query.system.account(address)) as unknown as {
    data: { free: { toBigInt(): bigint } };
  };
  return info.data.free.toBigInt();
}

/** FileInfoV2 as the Crust types spell it (the Rust field names). */
interface FileJson {
  file_size: number;
  spower: number;
  expired_at: number;
  calculated_at: number;
  amount: number | string;
  prepaid: number | string;
  reported_replica_count: number;
  remaining_paid_count: number;
  replicas: Record<string, { who: string; valid_at: number; is_reported: boolean; anchor: string }>;
}

/** Market.FilesV2(cid) at a block (default: best), as JSON, or null. */
async function fileAt(cid: string, at?: string): Promise<FileJson | null> {
  const target = at ? await api.at(at) : api;
  const value = (await (target.query as unknown as Record<string, Record<string, Query>>).market!
    .filesV2!(cid)) as unknown as { isSome: boolean; unwrap(): Codec };
  return value.isSome ? (value.unwrap().toJSON() as unknown as FileJson) : null;
}

async function blockNumber(hash: string): Promise<number> {
  return (await api.rpc.chain.getHeader(hash)).number.toNumber();
}

async function newBlocks(count: number): Promise<string> {
  return (await provider.send('dev_newBlock', [{ count }])) as string;
}

/** The order fee of the market for a file of `size` bytes (docs/crust.md, get_file_fee). */
function orderFee(size: bigint, tips = 0n) {
  const megabytes = (size + MB - 1n) / MB;
  const amount = GENESIS_MARKET_FEES.fileByteFee * megabytes + GENESIS_MARKET_FEES.fileKeysCountFee;
  const staking = (amount * 72n) / 100n;
  const storage = (amount * 18n) / 100n;
  return {
    total: GENESIS_MARKET_FEES.fileBaseFee + amount + tips,
    staking,
    storage: storage + tips,
    reserved: GENESIS_MARKET_FEES.fileBaseFee + amount - staking - storage,
  };
}

const pot = (sub: 'rese' | 'stak' | 'stor') => encodeAddress(marketPot(sub), 66);

beforeAll(async () => {
  await cryptoWaitReady();
  dir = tempDir();
  crust = await startTestCrust(dir);
  provider = new WsProvider(crust.url);
  // As apps connect to Crust mainnet: with its type bundle (docs/crust.md).
  api = await ApiPromise.create({ provider, noInitWarn: true, ...CRUST_API_OPTIONS });
  keyring = new Keyring({ ss58Format: 66, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

afterAll(async () => {
  await api?.disconnect();
  await crust?.stop();
  if (dir) removeDir(dir);
});

describe('the Crust devnet (V13, as mainnet) with @polkadot/api and the Crust types', () => {
  it('connects to a chain that presents itself as Crust (SS58 66, CRU, 12 decimals)', async () => {
    expect(crust.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(api.runtimeMetadata.version).toBe(13);
    expect((await api.rpc.system.chain()).toString()).toBe('Crust Local Development');
    expect(api.runtimeVersion.specName.toString()).toBe('crust');
    expect(api.registry.chainSS58).toBe(66);
    expect(api.registry.chainDecimals).toEqual([12]);
    expect(api.registry.chainTokens).toEqual(['CRU']);
    expect((await provider.send('system_properties', [])) as unknown).toEqual({
      ss58Format: 66,
      tokenDecimals: 12,
      tokenSymbol: 'CRU',
    });
    expect(api.consts.system.ss58Prefix.toString()).toBe('66');
    expect(api.consts.balances.existentialDeposit.toString()).toBe('100000000');
    const market = api.consts.market as unknown as Record<string, Codec>;
    expect(market.fileDuration!.toString()).toBe(String(CRUST_CONSTANTS.market.fileDuration));
    expect(market.maximumFileSize!.toString()).toBe(String(8 * 1024 ** 3));
    // Market is pallet 26 and place_storage_order its call 0 (docs/crust.md).
    const call = api.tx.market!.placeStorageOrder!(CID, 1, 0, '');
    expect(call.method.callIndex).toEqual(new Uint8Array([26, 0]));
    expect(alice.address.startsWith('c')).toBe(true);
  });

  it('endows the sr25519 and ed25519 dev accounts and opens the market with static prices', async () => {
    expect(await free(alice.address)).toBe(DEV_ENDOWMENT);
    expect(await free(keyring.addFromUri('//Ferdie', {}, 'ed25519').address)).toBe(DEV_ENDOWMENT);
    expect((await query('market', 'enableMarket')()).toJSON()).toBe(true);
    expect(BigInt((await query('market', 'fileBaseFee')()).toString())).toBe(
      GENESIS_MARKET_FEES.fileBaseFee,
    );
    expect(BigInt((await query('market', 'fileByteFee')()).toString())).toBe(
      GENESIS_MARKET_FEES.fileByteFee,
    );
    expect(BigInt((await query('market', 'fileKeysCountFee')()).toString())).toBe(
      GENESIS_MARKET_FEES.fileKeysCountFee,
    );
    for (const sub of ['rese', 'stak', 'stor'] as const)
      expect(await free(pot(sub))).toBe(CRUST_CONSTANTS.existentialDeposit);
  });

  it('transfers CRU and charges exactly the quoted fee', async () => {
    const fresh = keyring.addFromUri('//Fresh');
    const tx = api.tx.balances.transferKeepAlive(fresh.address, 3n * CRU);
    const quoted = (await tx.paymentInfo(bob)).partialFee.toBigInt();
    const before = await free(bob.address);
    const treasury = encodeAddress(TREASURY_ACCOUNT, 66);
    const treasuryBefore = await free(treasury);
    const ok = await send(tx, bob);
    expect(ok.error).toBeNull();
    // Crust's fee handler moves the fee without events.
    expect(ok.events).toEqual([
      'system.NewAccount',
      'balances.Endowed',
      'balances.Transfer',
      'system.ExtrinsicSuccess',
    ]);
    expect(ok.fee).toBe(quoted);
    expect(quoted).toBeGreaterThan(0n);
    expect(await free(bob.address, ok.blockHash)).toBe(before - 3n * CRU - quoted);
    expect(await free(fresh.address, ok.blockHash)).toBe(3n * CRU);
    // The fee goes to the treasury.
    expect((await free(treasury, ok.blockHash)) - treasuryBefore).toBe(quoted);
    // Below the existential deposit (1e8) a new account is refused.
    const dust = await send(
      api.tx.balances.transfer(keyring.addFromUri('//Dust').address, 99_999_999n),
      bob,
    );
    expect(dust.error).toBe('balances.ExistentialDeposit');
    // Keep-alive refuses to leave less than the existential deposit; transfer reaps.
    const rest = await free(fresh.address);
    const keepFee = (
      await api.tx.balances.transferKeepAlive(bob.address, rest).paymentInfo(fresh)
    ).partialFee.toBigInt();
    expect(
      (
        await send(
          api.tx.balances.transferKeepAlive(bob.address, rest - keepFee - 50_000_000n),
          fresh,
        )
      ).error,
    ).toBe('balances.KeepAlive');
    const tooMuch = await send(api.tx.balances.transfer(bob.address, rest), fresh);
    expect(tooMuch.error).toBe('balances.InsufficientBalance');
    const left = await free(fresh.address);
    const reapFee = (
      await api.tx.balances.transfer(bob.address, left).paymentInfo(fresh)
    ).partialFee.toBigInt();
    const reaped = await send(
      api.tx.balances.transfer(bob.address, left - reapFee - 60_000_000n),
      fresh,
    );
    expect(reaped.error).toBeNull();
    expect(reaped.events).toEqual(
      expect.arrayContaining(['balances.DustLost', 'system.KilledAccount', 'balances.Transfer']),
    );
    expect(await free(fresh.address, reaped.blockHash)).toBe(0n);
  });

  it('place_storage_order charges base + byte fees into the market pots and creates FilesV2', async () => {
    const size = 3_000_000n;
    const tips = 5_000n;
    const tx = api.tx.market!.placeStorageOrder!(CID, size, tips, '');
    const quoted = (await tx.paymentInfo(alice)).partialFee.toBigInt();
    const order = await send(tx, alice);
    expect(order.error).toBeNull();
    expect(order.events).toEqual([
      'balances.Transfer',
      'balances.Transfer',
      'balances.Transfer',
      'market.FileSuccess',
      'system.ExtrinsicSuccess',
    ]);
    expect(order.data['market.FileSuccess']).toEqual([alice.address, cidHex(CID)]);
    expect(order.fee).toBe(quoted);

    const parent = (await api.rpc.chain.getHeader(order.blockHash)).parentHash.toHex();
    const expected = orderFee(size, tips);
    expect((await free(alice.address, parent)) - (await free(alice.address, order.blockHash))).toBe(
      expected.total + quoted,
    );
    for (const [sub, share] of [
      ['stak', expected.staking],
      ['stor', expected.storage],
      ['rese', expected.reserved],
    ] as const) {
      expect((await free(pot(sub), order.blockHash)) - (await free(pot(sub), parent))).toBe(share);
    }

    const file = await fileAt(CID, order.blockHash);
    expect(file).toEqual({
      file_size: Number(size),
      spower: 0,
      expired_at: 0,
      calculated_at: await blockNumber(order.blockHash),
      amount: Number(expected.storage),
      prepaid: 0,
      reported_replica_count: 0,
      remaining_paid_count: 4,
      replicas: {},
    });
    const at = await api.at(order.blockHash);
    const market = at.query.market as unknown as Record<string, () => Promise<Codec>>;
    expect((await market.fileKeysCount!()).toJSON()).toBe(1);
    expect((await market.hasNewOrder!()).toJSON()).toBe(true);
  });

  it('reports replicas a few blocks after the order, up to the simulated nodes', async () => {
    const first = await fileAt(CID);
    expect(first).not.toBeNull();
    const hash = await newBlocks(2);
    const file = (await fileAt(CID, hash))!;
    expect(file.reported_replica_count).toBeGreaterThanOrEqual(1);
    const replicas = Object.values(file.replicas);
    expect(replicas.length).toBe(file.reported_replica_count);
    expect(replicas[0]).toMatchObject({ is_reported: true });
    expect(replicas[0]!.anchor).toMatch(/^0x[0-9a-f]{128}$/);
    // The first replica makes the file live for FileDuration.
    expect(file.expired_at).toBe(file.calculated_at + CRUST_CONSTANTS.market.fileDuration);
    expect(file.remaining_paid_count).toBe(4 - file.reported_replica_count);
    expect(BigInt(file.amount)).toBeLessThan(orderFee(3_000_000n, 5_000n).storage);

    await newBlocks(4 * SIMULATED_REPLICAS);
    const full = (await fileAt(CID))!;
    expect(full.reported_replica_count).toBe(SIMULATED_REPLICAS);
    expect(Object.keys(full.replicas)).toHaveLength(SIMULATED_REPLICAS);
    const entries = await (
      api.query.market as unknown as Record<string, { entries(): Promise<[Codec, Codec][]> }>
    ).filesV2!.entries();
    expect(entries.map(([key]) => key.toHuman())).toEqual([[CID]]);
  });

  it('add_prepaid moves CRU into the storage pot and the file prepaid pool', async () => {
    const amount = 2n * CRU;
    const added = await send(api.tx.market!.addPrepaid!(CID, amount), bob);
    expect(added.error).toBeNull();
    expect(added.events).toContain('market.AddPrepaidSuccess');
    expect(added.data['market.AddPrepaidSuccess']).toEqual([
      bob.address,
      cidHex(CID),
      Number(amount),
    ]);
    const parent = (await api.rpc.chain.getHeader(added.blockHash)).parentHash.toHex();
    expect(BigInt((await fileAt(CID, added.blockHash))!.prepaid)).toBe(amount);
    expect((await free(pot('stor'), added.blockHash)) - (await free(pot('stor'), parent))).toBe(
      amount,
    );
    const missing = await send(api.tx.market!.addPrepaid!('QmNotThere', CRU), bob);
    expect(missing.error).toBe('market.FileNotExist');
    expect(missing.events).toEqual(['system.ExtrinsicFailed']);
  });

  it('charges a repeated order at the stored size and refuses a larger stored size', async () => {
    const before = (await fileAt(CID))!;
    const again = await send(api.tx.market!.placeStorageOrder!(CID, 9_000_000n, 0, ''), bob);
    expect(again.error).toBeNull();
    const parent = (await api.rpc.chain.getHeader(again.blockHash)).parentHash.toHex();
    const charged = orderFee(3_000_000n);
    expect((await free(bob.address, parent)) - (await free(bob.address, again.blockHash))).toBe(
      charged.total + again.fee,
    );
    const after = (await fileAt(CID, again.blockHash))!;
    expect(after.file_size).toBe(3_000_000);
    expect(BigInt(after.amount)).toBe(BigInt(before.amount) + charged.storage);
    const smaller = await send(api.tx.market!.placeStorageOrder!(CID, 1_000n, 0, ''), bob);
    expect(smaller.error).toBe('market.FileSizeNotCorrect');
    const huge = await send(
      api.tx.market!.placeStorageOrder!('QmHuge', 8n * 1024n ** 3n, 0, ''),
      bob,
    );
    expect(huge.error).toBe('market.FileTooLarge');
  });

  it('fails an order the balance cannot pay with the module error, charging only the fee', async () => {
    const poor = keyring.addFromUri('//Poor');
    expect(
      (await send(api.tx.balances.transferKeepAlive(poor.address, 500_000_000n), alice)).error,
    ).toBe(null);
    const before = await free(poor.address);
    const order = await send(api.tx.market!.placeStorageOrder!('QmPoor', 1_000n, 0, ''), poor);
    expect(order.error).toBe('market.InsufficientCurrency');
    expect(order.events).not.toContain('market.FileSuccess');
    expect(order.events).not.toContain('balances.Transfer');
    expect(await free(poor.address, order.blockHash)).toBe(before - order.fee);
    expect(await fileAt('QmPoor')).toBeNull();
  });

  it('accepts ed25519 signatures and immortal transactions', async () => {
    const aliceEd = keyring.addFromUri('//Alice', {}, 'ed25519');
    const outcome = await send(api.tx.market!.placeStorageOrder!('QmEd', 10, 0, 'memo'), aliceEd, {
      era: 0,
    });
    expect(outcome.error).toBeNull();
    expect(outcome.data['market.FileSuccess']).toEqual([aliceEd.address, cidHex('QmEd')]);
  });
});
