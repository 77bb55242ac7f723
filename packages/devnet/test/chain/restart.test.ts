import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});

async function connect(url: string) {
  return ApiPromise.create({ provider: new WsProvider(url), noInitWarn: true });
}

describe('devnet persistence', () => {
  it('continues at the same height with the same state after a restart', async () => {
    await cryptoWaitReady();
    const alice = new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri('//Alice');
    let devnet: DevnetProcess = await startDevnet(['--instant', '--reset']);
    dirs.push(devnet.dataDir);
    let api = await connect(devnet.url);
    await new Promise<void>((resolve, reject) => {
      api.tx.utility
        .batchAll([
          api.tx.datalog.record('kept'),
          api.tx.sudo.sudo(api.tx.rws.startAuction({ Daily: { days: 30 } })),
        ])
        .signAndSend(alice, (r) => {
          if (r.status.isInBlock || r.status.isFinalized) resolve();
        })
        .catch(reject);
    });
    // Past the blocks whose whole state stays in memory (256): all must survive.
    const provider = (api as unknown as { _rpcCore: { provider: WsProvider } })._rpcCore.provider;
    await provider.send('dev_newBlock', [{ count: 300 }]);
    const hash12 = (await api.rpc.chain.getBlockHash(12)).toHex();
    const genesis = api.genesisHash.toHex();
    const height = (await api.rpc.chain.getHeader()).number.toNumber();
    const free = (
      (await api.query.system.account(alice.address)) as unknown as {
        data: { free: { toBigInt(): bigint } };
      }
    ).data.free.toBigInt();
    await api.disconnect();
    await devnet.stop();

    devnet = await startDevnet(['--instant'], devnet.dataDir);
    api = await connect(devnet.url);
    expect(api.genesisHash.toHex()).toBe(genesis);
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBe(height);
    // Every block is still there, with its state (an archive node).
    expect((await api.rpc.chain.getBlockHash(12)).toHex()).toBe(hash12);
    expect(
      (
        (await (await api.at(hash12)).query.system.number()) as unknown as { toNumber(): number }
      ).toNumber(),
    ).toBe(12);
    expect(
      (
        (await api.query.system.account(alice.address)) as unknown as {
          data: { free: { toBigInt(): bigint } };
        }
      ).data.free.toBigInt(),
    ).toBe(free);
    expect((await api.query.rws.auctionQueue()).toJSON()).toEqual([0]);
    expect((await api.query.datalog.datalogItem([alice.address, 0])).toHuman()).toEqual([
      expect.any(String),
      'kept',
    ]);
    // The chain goes on from there.
    await new Promise<void>((resolve, reject) => {
      api.tx.datalog
        .record('after restart')
        .signAndSend(alice, (r) => {
          if (r.status.isInBlock || r.status.isFinalized) resolve();
        })
        .catch(reject);
    });
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBe(height + 1);
    await api.disconnect();
    await devnet.stop();
  });

  it('loads after being killed in the middle of block production', async () => {
    let devnet = await startDevnet(['--block-time', '20', '--reset']);
    dirs.push(devnet.dataDir);
    // Killed once it has built a few blocks, whatever the machine's load.
    const watcher = await connect(devnet.url);
    await expect
      .poll(async () => (await watcher.rpc.chain.getHeader()).number.toNumber(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(10);
    await watcher.disconnect();
    await devnet.kill();
    devnet = await startDevnet(['--block-time', '20'], devnet.dataDir);
    const api = await connect(devnet.url);
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBeGreaterThan(10);
    await api.disconnect();
    await devnet.stop();
  });

  it('refuses to reuse data made with another auction duration', async () => {
    const devnet = await startDevnet(['--instant', '--reset']);
    dirs.push(devnet.dataDir);
    await devnet.stop();
    await expect(startDevnet(['--auction-duration', '3'], devnet.dataDir)).rejects.toThrow(
      /--auction-duration 10/,
    );
  });
});
