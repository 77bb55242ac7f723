import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type DevnetProcess, startDevnet } from '../../test/chain/devnet-process.ts';
import { removeDir } from '../common/test-support.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});

const connect = (url: string) =>
  ApiPromise.create({ provider: new WsProvider(url), noInitWarn: true });

describe('devnet --engine runtime', () => {
  it('serves the real runtime and continues the same chain after a restart', async () => {
    await cryptoWaitReady();
    const alice = new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri('//Alice');
    let devnet: DevnetProcess = await startDevnet(['--engine', 'runtime', '--instant', '--reset']);
    dirs.push(devnet.dataDir);
    let api = await connect(devnet.url);
    expect(api.runtimeVersion.specName.toString()).toBe('robonomics');
    expect(api.runtimeVersion.specVersion.toNumber()).toBe(40);
    expect(api.registry.chainSS58).toBe(32);
    expect(api.registry.chainTokens).toEqual(['XRT']);
    expect(api.registry.chainDecimals).toEqual([9]);
    expect((await api.query.sudo.key()).toHuman()).toBe(alice.address);
    expect((await api.query.rws.oracle()).toHuman()).toBe(alice.address);
    await new Promise<void>((resolve, reject) => {
      api.tx.datalog
        .record('kept across restarts')
        .signAndSend(alice, (r) => {
          if (r.status.isInBlock) resolve();
          if (r.isError) reject(new Error(r.status.type));
        })
        .catch(reject);
    });
    const genesis = api.genesisHash.toHex();
    const height = (await api.rpc.chain.getHeader()).number.toNumber();
    const nonce = (await api.rpc.system.accountNextIndex(alice.address)).toNumber();
    await api.disconnect();
    await devnet.stop();

    devnet = await startDevnet(['--engine', 'runtime', '--instant'], devnet.dataDir);
    api = await connect(devnet.url);
    expect(api.genesisHash.toHex()).toBe(genesis);
    expect((await api.rpc.chain.getHeader()).number.toNumber()).toBe(height);
    expect((await api.query.datalog.datalogIndex(alice.address)).toJSON()).toEqual({
      start: 0,
      end: 1,
    });
    // The chain goes on from the saved head: the next transaction lands in the next block.
    const inBlock = await new Promise<string>((resolve, reject) => {
      api.tx.datalog
        .record('after the restart')
        .signAndSend(alice, (r) => {
          if (r.status.isInBlock) resolve(r.status.asInBlock.toHex());
          if (r.isError) reject(new Error(r.status.type));
        })
        .catch(reject);
    });
    expect((await api.rpc.chain.getHeader(inBlock)).number.toNumber()).toBe(height + 1);
    expect((await api.rpc.system.accountNextIndex(alice.address)).toNumber()).toBe(nonce + 1);
    await api.disconnect();
    await devnet.stop();
  }, 240_000);

  it('refuses a data dir made by the other engine unless told to reset', async () => {
    const devnet = await startDevnet(['--instant', '--reset']);
    dirs.push(devnet.dataDir);
    await devnet.stop();
    await expect(startDevnet(['--engine', 'runtime', '--instant'], devnet.dataDir)).rejects.toThrow(
      /made by the typescript engine; start with --reset/,
    );
  }, 120_000);

  it('refuses --auction-duration, a constant compiled into the real runtime', async () => {
    await expect(startDevnet(['--engine', 'runtime', '--auction-duration', '3'])).rejects.toThrow(
      /--auction-duration works only with --engine typescript/,
    );
  });
});
