import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { afterAll, describe, expect, it } from 'vitest';
import { type DevnetProcess, startDevnet } from '../../test/chain/devnet-process.ts';
import { devPair } from '../chain/test-support.ts';
import type { CrashPoint } from '../common/fault.ts';
import { removeDir } from '../common/test-support.ts';
import { hardhatAccount } from '../evm/test-support.ts';
import { ORACLE_TEXTS } from './oracle.ts';

// The oracle is killed (SIGKILL, with the chain and the EVM node in the same process) between
// its steps — after recording a grant's intent, and after the grant is in a block but before
// its row is written — and restarted: each token is granted exactly once.

const SERVICES = ['chain', 'evm', 'oracle'];
let devnet: DevnetProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (devnet && devnet.child.exitCode === null) await devnet.stop();
  if (dataDir) removeDir(dataDir);
});

async function start(fault?: CrashPoint) {
  devnet = await startDevnet(['--instant', '--seed'], dataDir || undefined, {
    services: SERVICES,
    env: fault ? { DEVNET_FAULT: fault } : {},
  });
  dataDir = devnet.dataDir;
  return devnet;
}

async function claim(oracle: string, nft: number, holder: number, target: string) {
  const address = hardhatAccount(holder).address;
  const signature = await hardhatAccount(holder).signMessage({
    message: JSON.stringify({ nft, address, for: target }),
  });
  const res = await fetch(`${oracle}/api/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signature, nft, address, for: target }),
  });
  return (await res.json()) as { result?: true; error?: string };
}

async function check(oracle: string, nft: number, holder: number) {
  const res = await fetch(`${oracle}/api/check`, {
    method: 'POST',
    body: JSON.stringify({ nft, address: hardhatAccount(holder).address }),
  });
  return (await res.json()) as { result?: true; error?: string };
}

describe('the oracle killed between its steps', () => {
  it('grants each token once', async () => {
    const charlie = devPair('Charlie').address;
    const ferdie = devPair('Ferdie').address;
    const eve = devPair('Eve').address;
    const bob = devPair('Bob').address;

    // 1. Token 1 (Hardhat #0): killed once the grant is in a block, before its row.
    let node = await start('oracle:grant-included');
    await expect(claim(node.urls.oracle!, 1, 0, charlie)).rejects.toThrow();
    await node.exited;
    expect(node.output.join('\n')).toMatch(/DEVNET_FAULT=oracle:grant-included/);

    // 2. Token 4 (Hardhat #2): killed right after its intent is recorded, before sending.
    node = await start('oracle:intent-recorded');
    await expect(claim(node.urls.oracle!, 4, 2, ferdie)).rejects.toThrow();
    await node.exited;
    expect(node.output.join('\n')).toMatch(/DEVNET_FAULT=oracle:intent-recorded/);

    // 3. Restarted without faults: both grants are settled, and neither token grants again.
    node = await start();
    expect(await claim(node.urls.oracle!, 1, 0, eve)).toEqual({
      error: ORACLE_TEXTS.alreadyReceived,
    });
    expect(await claim(node.urls.oracle!, 4, 2, bob)).toEqual({
      error: ORACLE_TEXTS.alreadyReceived,
    });
    expect(await check(node.urls.oracle!, 1, 0)).toEqual({
      error: ORACLE_TEXTS.alreadyReceived,
    });
    const stored = JSON.parse(readFileSync(join(dataDir, 'oracle', 'grants.json'), 'utf8')) as {
      grants: { tokenId: string; addressParachain: string; blockHash: string; txIndex: number }[];
      intents: unknown[];
    };
    expect(stored.intents).toEqual([]);
    expect(stored.grants.map((g) => [g.tokenId, g.addressParachain])).toEqual([
      ['1', charlie],
      ['4', ferdie],
    ]);

    // On chain: one subscription for each winner, none for the later claimants, and exactly
    // one rws.setSubscription per winner in the blocks.
    const api = await ApiPromise.create({
      provider: new WsProvider(node.url),
      noInitWarn: true,
    });
    try {
      const ledger = async (who: string) =>
        ((await api.query.rws!.ledger!(who)) as unknown as { isSome: boolean }).isSome;
      expect(await ledger(charlie)).toBe(true);
      expect(await ledger(ferdie)).toBe(true);
      expect(await ledger(eve)).toBe(false);
      expect(await ledger(bob)).toBe(false);
      const best = (await api.rpc.chain.getHeader()).number.toNumber();
      const targets: string[] = [];
      for (let n = 1; n <= best; n++) {
        const block = await api.rpc.chain.getBlock(await api.rpc.chain.getBlockHash(n));
        for (const ext of block.block.extrinsics) {
          if (ext.method.section === 'rws' && ext.method.method === 'setSubscription') {
            targets.push(ext.method.args[0]!.toString());
          }
        }
      }
      expect(targets.sort()).toEqual([charlie, ferdie].sort());
      for (const grant of stored.grants) {
        const block = await api.rpc.chain.getBlock(grant.blockHash);
        const ext = block.block.extrinsics[grant.txIndex]!;
        expect(`${ext.method.section}.${ext.method.method}`).toBe('rws.setSubscription');
      }
    } finally {
      await api.disconnect();
    }
  }, 240_000);
});
