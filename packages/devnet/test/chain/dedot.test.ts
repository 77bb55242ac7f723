import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { DedotClient, WsProvider } from 'dedot';
import type { ISubmittableResult } from 'dedot/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevnetProcess, removeDir, startDevnet } from './devnet-process.ts';

// The app's own client: dedot with legacy JSON-RPC and the runtime API specs (docs/robonomics-chain.md).
// biome-ignore lint/suspicious/noExplicitAny: untyped here; the app uses the generated bindings
type AnyClient = DedotClient<any>;
let devnet: DevnetProcess;
let client: AnyClient;
let alice: KeyringPair;
let bob: KeyringPair;

function send(tx: { signAndSend: AnyClient['tx']['x']['y'] }, signer: KeyringPair) {
  return new Promise<{ events: string[]; error: string | null }>((resolve, reject) => {
    (
      tx as unknown as {
        signAndSend: (s: KeyringPair, cb: (r: ISubmittableResult) => void) => Promise<unknown>;
      }
    )
      .signAndSend(signer, (result) => {
        if (result.status.type !== 'BestChainBlockIncluded') return;
        const events = result.events.map((r) => {
          const event = r.event as unknown as {
            pallet: string;
            palletEvent: { name: string } | string;
          };
          return `${event.pallet}.${typeof event.palletEvent === 'string' ? event.palletEvent : event.palletEvent.name}`;
        });
        let error: string | null = null;
        if (result.dispatchError) {
          const meta = client.registry.findErrorMeta(result.dispatchError);
          error = meta ? `${meta.pallet}.${meta.name}` : result.dispatchError.type;
        }
        resolve({ events, error });
      })
      .catch(reject);
  });
}

beforeAll(async () => {
  await cryptoWaitReady();
  devnet = await startDevnet(['--instant', '--reset']);
  client = await DedotClient.new({
    provider: new WsProvider(devnet.url),
    rpcVersion: 'legacy',
    runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
  });
  const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

afterAll(async () => {
  await client?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('dedot against the devnet', () => {
  it('connects and reads constants and storage', async () => {
    expect(client.runtimeVersion.specName).toBe('robonomics');
    expect(client.consts.rws.minimalBid).toBe(1_000_000_000n);
    const account = await client.query.system.account(alice.address);
    expect(account.data.free).toBe(1_000_000_000_000_000n);
    expect(await client.query.rws.ledger(alice.address)).toBeUndefined();
    expect(await client.query.rws.auctionQueue()).toEqual([]);
  });

  it('quotes the same fee as @polkadot/api for the same call', async () => {
    const info = await client.tx.datalog.record('0x68656c6c6f').paymentInfo(alice.address);
    expect(info.partialFee).toBe(115_341n);
    expect(info.weight.refTime).toBe(682_407_000n);
  });

  it('signs and sends, and reads the events of the block', async () => {
    const outcome = await send(client.tx.datalog.record('0x68656c6c6f'), alice);
    expect(outcome.error).toBeNull();
    // The chain's first fee creates the collator pot it goes to, as on the real runtime.
    expect(outcome.events).toEqual([
      'Balances.Withdraw',
      'Datalog.NewRecord',
      'System.NewAccount',
      'Balances.Endowed',
      'Balances.Deposit',
      'TransactionPayment.TransactionFeePaid',
      'System.ExtrinsicSuccess',
    ]);
    const index = await client.query.datalog.datalogIndex(alice.address);
    expect(index).toEqual({ start: 0n, end: 1n });
  });

  it('decodes module errors by name', async () => {
    expect((await send(client.tx.rws.bid(7, 2_000_000_000n), bob)).error).toBe(
      'RWS.NotLiveAuction',
    );
  });

  it('follows storage through subscriptions', async () => {
    const seen: number[] = [];
    const unsub = await client.query.rws.auctionQueue((queue: number[]) => seen.push(queue.length));
    await send(
      client.tx.sudo.sudo(client.tx.rws.startAuction({ type: 'Daily', value: { days: 30 } }).call),
      alice,
    );
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual([0, 1]);
    await unsub();
  });

  it('counts pooled transactions in the next account index', async () => {
    expect(Number(await client.rpc.system_accountNextIndex(bob.address))).toBe(1);
  });
});
