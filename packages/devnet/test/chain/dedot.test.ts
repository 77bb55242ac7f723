import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { DedotClient, WsProvider } from 'dedot';
import type { ISubmittableResult } from 'dedot/types';
import { blake2AsHex } from 'dedot/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The app's own client: dedot with legacy JSON-RPC and the runtime API specs (docs/robonomics-chain.md).
// biome-ignore lint/suspicious/noExplicitAny: untyped here; the app uses the generated bindings
type AnyClient = DedotClient<any>;
let devnet: DevnetProcess;
let client: AnyClient;
let alice: KeyringPair;
let bob: KeyringPair;

interface EventRecordLike {
  phase: { type: string; value?: number };
  event: { pallet: string; palletEvent: { name: string; data?: unknown } | string };
}

const eventName = ({ event }: EventRecordLike) =>
  `${event.pallet}.${typeof event.palletEvent === 'string' ? event.palletEvent : event.palletEvent.name}`;

/**
 * The outcome of a transaction read from the chain itself: the newest blocks are searched for its
 * hash, then the events of its extrinsic are read there (undefined when it is in none of them).
 */
async function includedOutcome(txHash: string, on: AnyClient) {
  let hash: string | undefined = await client.rpc.chain_getBlockHash();
  for (let depth = 0; depth < 5 && hash; depth += 1) {
    const block = await client.rpc.chain_getBlock(hash);
    if (!block) return undefined;
    const index = block.block.extrinsics.findIndex((x: string) => blake2AsHex(x) === txHash);
    if (index >= 0) {
      const at = await client.at(hash as `0x${string}`);
      const records = ((await at.query.system.events()) as unknown as EventRecordLike[]).filter(
        (r) => r.phase.type === 'ApplyExtrinsic' && r.phase.value === index,
      );
      const failed = records.find((r) => eventName(r) === 'System.ExtrinsicFailed');
      const dispatchError = failed
        ? (failed.event.palletEvent as { data: { dispatchError: unknown } }).data.dispatchError
        : undefined;
      const meta = dispatchError
        ? on.registry.findErrorMeta(
            dispatchError as Parameters<AnyClient['registry']['findErrorMeta']>[0],
          )
        : undefined;
      return {
        events: records.map(eventName),
        error: dispatchError ? (meta ? `${meta.pallet}.${meta.name}` : 'Other') : null,
      };
    }
    hash = block.block.header.parentHash;
  }
  return undefined;
}

/**
 * Signs and sends; resolves with the events and the dispatch error once the transaction is in a
 * block. The nonce is the node's next index (best block and pool): dedot's new-interface mode
 * reads it at the finalized block, which with instant seal can lag and make it stale. That mode
 * can also report a transaction that instant seal has just included as "Invalid – Stale" (its
 * check of the new block can come before it has read the block's body): the chain is asked then.
 */
async function send(
  tx: { signAndSend: AnyClient['tx']['x']['y'] },
  signer: KeyringPair,
  on: AnyClient = client,
) {
  const nonce = Number(await client.rpc.system_accountNextIndex(signer.address));
  return new Promise<{ events: string[]; error: string | null }>((resolve, reject) => {
    (
      tx as unknown as {
        signAndSend: (
          s: KeyringPair,
          options: { nonce: number },
          cb: (r: ISubmittableResult) => void,
        ) => Promise<unknown>;
      }
    )
      .signAndSend(signer, { nonce }, (result) => {
        // A refused or dropped transaction ends the wait in words instead of a timeout.
        if (result.status.type === 'Invalid' || result.status.type === 'Drop') {
          const refusal = new Error(
            `${result.status.type}: ${JSON.stringify(result.status.value)}`,
          );
          includedOutcome(result.txHash, on).then(
            (outcome) => (outcome ? resolve(outcome) : reject(refusal)),
            () => reject(refusal),
          );
          return;
        }
        // Finalized too: with instant seal, dedot's new-interface mode can see the block that
        // includes it only once it is final.
        if (result.status.type !== 'BestChainBlockIncluded' && result.status.type !== 'Finalized') {
          return;
        }
        const events = result.events.map((r) => eventName(r as unknown as EventRecordLike));
        let error: string | null = null;
        if (result.dispatchError) {
          const meta = on.registry.findErrorMeta(result.dispatchError);
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

// dedot's default mode: the new JSON-RPC interface (chainHead_v1, transaction_v1) and the
// runtime APIs from metadata V15, none passed by hand (docs/json-rpc.md).
describe('dedot in its default mode (new JSON-RPC interface)', () => {
  let modern: AnyClient;

  beforeAll(async () => {
    modern = await DedotClient.new({ provider: new WsProvider(devnet.url) });
  });

  afterAll(async () => {
    await modern?.disconnect();
  });

  it('loads metadata V15 and reads constants and RWS storage', async () => {
    expect(modern.metadata.version).toBe('V15');
    expect(modern.runtimeVersion.specVersion).toBe(43);
    expect(modern.consts.rws.minimalBid).toBe(1_000_000_000n);
    expect(modern.consts.datalog.windowSize).toBe(128n);
    const account = await modern.query.system.account(alice.address);
    expect(account.data.free).toBeGreaterThan(0n);
    expect(await modern.query.rws.ledger(bob.address)).toBeUndefined();
  });

  it('calls runtime APIs described by the metadata', async () => {
    const nonce = await modern.call.accountNonceApi.accountNonce(alice.address);
    expect(nonce).toBe(Number(await client.call.accountNonceApi.accountNonce(alice.address)));
    const fee = await modern.tx.datalog.record('0x68656c6c6f').paymentInfo(alice.address);
    expect(fee.partialFee).toBe(115_341n);
  });

  it('follows new blocks', async () => {
    const numbers: number[] = [];
    const unsub = await modern.query.system.number((n: number) => numbers.push(n));
    await client.rpc.dev_newBlock();
    await expect.poll(() => numbers.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    await unsub();
  });

  it('submits datalog.record and rws.bid and reads their outcome', async () => {
    const record = await send(modern.tx.datalog.record('0x6e6577'), bob, modern);
    expect(record.error).toBeNull();
    expect(record.events).toContain('Datalog.NewRecord');
    // Start right after a rotation (every 10 blocks), so the auction is still live for the bid.
    const number = Number(await modern.query.system.number());
    await client.rpc.dev_newBlock({ count: 10 - (number % 10) });
    await send(
      modern.tx.sudo.sudo(modern.tx.rws.startAuction({ type: 'Daily', value: { days: 30 } }).call),
      alice,
      modern,
    );
    const queue: number[] = await modern.query.rws.auctionQueue();
    const bid = await send(modern.tx.rws.bid(queue.at(-1)!, 1n), bob, modern);
    expect(bid.error).toBe('RWS.TooSmallBid');
  });
});
