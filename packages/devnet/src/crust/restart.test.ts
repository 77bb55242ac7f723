import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Codec } from '@polkadot/types/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainService } from '../chain/service.ts';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { CRUST_API_OPTIONS } from './api-options.ts';
import { INSTANT_REPLICA_BLOCK_MS } from './service.ts';
import { startTestCrust } from './test-support.ts';

const dirs: string[] = [];
let alice: KeyringPair;

beforeAll(async () => {
  await cryptoWaitReady();
  alice = new Keyring({ ss58Format: 66, type: 'sr25519' }).addFromUri('//Alice');
});

afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

const connect = (url: string) =>
  ApiPromise.create({ provider: new WsProvider(url), noInitWarn: true, ...CRUST_API_OPTIONS });

function included(tx: SubmittableExtrinsic<'promise'>, signer: KeyringPair): Promise<string> {
  return new Promise((resolve, reject) => {
    tx.signAndSend(signer, { nonce: -1 }, (result) => {
      if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
      else if (result.status.isInBlock) resolve(result.status.asInBlock.toHex());
      else if (result.status.isFinalized) resolve(result.status.asFinalized.toHex());
    }).catch(reject);
  });
}

async function fileJson(api: ApiPromise, cid: string): Promise<unknown> {
  const value = (await (
    api.query.market as unknown as Record<string, (c: string) => Promise<Codec>>
  ).filesV2!(cid)) as unknown as { isSome: boolean; unwrap(): Codec };
  return value.isSome ? value.unwrap().toJSON() : null;
}

async function freeOf(api: ApiPromise, address: string): Promise<bigint> {
  const info = (await api.query.system.account(address)) as unknown as {
    data: { free: { toBigInt(): bigint } };
  };
  return info.data.free.toBigInt();
}

describe('Crust devnet persistence', () => {
  it('continues the same chain, files and balances after a restart', async () => {
    const dir = newDir();
    let crust = await startTestCrust(dir);
    let api = await connect(crust.url);
    await included(
      (
        api.tx.market as never as Record<
          string,
          (...a: unknown[]) => SubmittableExtrinsic<'promise'>
        >
      ).placeStorageOrder!('QmKept', 4_096, 0, ''),
      alice,
    );
    const genesis = api.genesisHash.toHex();
    const freeBefore = await freeOf(api, alice.address);
    await api.disconnect();
    await crust.stop();
    const best = crust.node.best;
    expect(existsSync(join(dir, 'crust-v13', 'chain.journal'))).toBe(true);

    // No timer and no instant seal: nothing moves until asked.
    crust = await startTestCrust(dir, { instant: false, blockTimeMs: 600_000 });
    const provider = new WsProvider(crust.url);
    api = await ApiPromise.create({ provider, noInitWarn: true, ...CRUST_API_OPTIONS });
    expect(api.genesisHash.toHex()).toBe(genesis);
    const header = await api.rpc.chain.getHeader();
    expect(header.hash.toHex()).toBe(best.hash);
    expect(header.number.toNumber()).toBe(best.number);
    const kept = (await fileJson(api, 'QmKept')) as { file_size: number };
    expect(kept.file_size).toBe(4_096);
    expect(await freeOf(api, alice.address)).toBe(freeBefore);

    // The chain goes on from there: same nonce sequence, next height, replicas keep coming.
    await api.rpc.author.submitExtrinsic(
      await (
        api.tx.market as never as Record<
          string,
          (...a: unknown[]) => SubmittableExtrinsic<'promise'>
        >
      ).placeStorageOrder!('QmAfter', 10, 0, '').signAsync(alice, { nonce: -1 }),
    );
    await provider.send('dev_newBlock', [{ count: 3 }]);
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBe(best.number + 3);
    expect(await fileJson(api, 'QmAfter')).not.toBeNull();
    await api.disconnect();
    await crust.stop();
  });

  it('keeps its data apart from the Robonomics chain and starts over with reset', async () => {
    const dir = newDir();
    const chain = await startChainService(testOptions(dir));
    let crust = await startTestCrust(dir);
    expect(chain.url).not.toBe(crust.url);
    await crust.node.buildBlock();
    const crustGenesis = crust.node.genesisHash;
    expect(crust.node.genesisHash).not.toBe(chain.node.genesisHash);
    await crust.stop();
    await chain.stop();
    expect(existsSync(join(dir, 'chain', 'chain.journal'))).toBe(true);
    expect(existsSync(join(dir, 'crust-v13', 'chain.journal'))).toBe(true);

    crust = await startTestCrust(dir, { instant: false, blockTimeMs: 600_000 });
    expect(crust.node.genesisHash).toBe(crustGenesis);
    expect(crust.node.best.number).toBe(1);
    await crust.stop();
    crust = await startTestCrust(dir, { reset: true, instant: false, blockTimeMs: 600_000 });
    expect(crust.node.best.number).toBe(0);
    await crust.stop();
  });
});

describe('Crust block production', () => {
  it('produces blocks on the block time when not instant', async () => {
    const crust = await startTestCrust(newDir(), { instant: false, blockTimeMs: 50 });
    await expect.poll(() => crust.node.best.number, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await crust.stop();
  });

  it('with instant seal, keeps sealing blocks only while a file waits for replicas', async () => {
    const crust = await startTestCrust(newDir());
    const api = await connect(crust.url);
    const before = crust.node.best.number;
    await new Promise((r) => setTimeout(r, INSTANT_REPLICA_BLOCK_MS + 300));
    expect(crust.node.best.number).toBe(before);
    await included(
      (
        api.tx.market as never as Record<
          string,
          (...a: unknown[]) => SubmittableExtrinsic<'promise'>
        >
      ).placeStorageOrder!('QmWaiting', 1, 0, ''),
      alice,
    );
    await expect
      .poll(
        async () =>
          ((await fileJson(api, 'QmWaiting')) as { reported_replica_count: number })
            .reported_replica_count,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await api.disconnect();
    await crust.stop();
  });
});
