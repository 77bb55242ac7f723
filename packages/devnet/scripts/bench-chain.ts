// Devnet chain figures for `npm run bench`: connect time of both clients, submit-to-inBlock
// latency in instant mode, and sustained signed datalog.record transactions per second.
import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { ApiPromise, WsProvider as PolkadotWsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { DedotClient, WsProvider } from 'dedot';
import { removeDir } from '../src/common/test-support.ts';
import { startDevnet } from '../test/chain/devnet-process.ts';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  await cryptoWaitReady();
  const devnet = await startDevnet(['--instant', '--reset']);
  try {
    const pjsConnect: number[] = [];
    const dedotConnect: number[] = [];
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      const api = await ApiPromise.create({
        provider: new PolkadotWsProvider(devnet.url),
        noInitWarn: true,
      });
      pjsConnect.push(performance.now() - t);
      await api.disconnect();
      t = performance.now();
      const client = await DedotClient.new({
        provider: new WsProvider(devnet.url),
        rpcVersion: 'legacy',
        runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
      });
      dedotConnect.push(performance.now() - t);
      await client.disconnect();
    }

    const api = await ApiPromise.create({
      provider: new PolkadotWsProvider(devnet.url),
      noInitWarn: true,
    });
    const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
    const alice = keyring.addFromUri('//Alice');
    const latency: number[] = [];
    for (let i = 0; i < 10; i++) {
      const tx = await api.tx.datalog.record(`latency ${i}`).signAsync(alice, { nonce: -1 });
      const t = performance.now();
      await new Promise<void>((resolve, reject) => {
        tx.send((r) => {
          if (r.status.isInBlock || r.status.isFinalized) resolve();
        }).catch(reject);
      });
      latency.push(performance.now() - t);
    }

    // 10 funded senders, 30 records each, all signed first and then submitted at once.
    const senders: KeyringPair[] = [];
    for (let i = 0; i < 10; i++) senders.push(keyring.addFromUri(`//Bench${i}`));
    await new Promise<void>((resolve, reject) => {
      api.tx.utility
        .batchAll(
          senders.map((s) => api.tx.balances.transferKeepAlive(s.address, 1_000_000_000_000n)),
        )
        .signAndSend(alice, { nonce: -1 }, (r) => {
          if (r.status.isInBlock || r.status.isFinalized) resolve();
        })
        .catch(reject);
    });
    const perSender = 30;
    const signed = await Promise.all(
      senders.flatMap((s) =>
        Array.from({ length: perSender }, (_, n) =>
          api.tx.datalog.record(`bench ${n}`).signAsync(s, { nonce: n }),
        ),
      ),
    );
    const total = signed.length;
    const t = performance.now();
    await Promise.all(
      signed.map(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            tx.send((r) => {
              if (r.status.isInBlock || r.status.isFinalized) resolve();
              if (r.isError) reject(new Error(r.status.type));
            }).catch(reject);
          }),
      ),
    );
    const seconds = (performance.now() - t) / 1000;
    await api.disconnect();

    console.log('Devnet chain (instant seal)');
    console.log(
      `  connect, @polkadot/api 16: median ${median(pjsConnect).toFixed(0)} ms of 5 (${pjsConnect.map((v) => v.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  connect, dedot 1.3:        median ${median(dedotConnect).toFixed(0)} ms of 5 (${dedotConnect.map((v) => v.toFixed(0)).join(', ')})`,
    );
    console.log(`  submit to inBlock:         median ${median(latency).toFixed(0)} ms of 10`);
    console.log(
      `  datalog.record throughput: ${(total / seconds).toFixed(0)} tx/s (${total} signed transactions from 10 accounts in ${seconds.toFixed(2)} s)`,
    );
  } finally {
    await devnet.stop();
    removeDir(devnet.dataDir);
  }
}

await main();
