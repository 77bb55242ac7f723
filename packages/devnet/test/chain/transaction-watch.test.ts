import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { DedotClient, TransactionWatch, WsProvider } from 'dedot';
import type { TransactionWatchEvent } from 'dedot/types/json-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// Submissions through transactionWatch_v1 by an independent client. Left to themselves,
// polkadot-api and dedot broadcast with transaction_v1, so dedot's own transactionWatch group is
// driven here, told to accept the v1 version the node lists: it sends
// transactionWatch_v1_submitAndWatch and reports the node's watch events (docs/json-rpc.md).
// biome-ignore lint/suspicious/noExplicitAny: untyped here; the app uses the generated bindings
type AnyClient = DedotClient<any>;
let devnet: DevnetProcess;
let client: AnyClient;
let watch: TransactionWatch;
let alice: KeyringPair;
let bob: KeyringPair;

interface Watched {
  /** Every watch event, in order; the last one is `finalized`. */
  events: TransactionWatchEvent['event'][];
  block: { hash: `0x${string}`; index: number };
  /** The events the transaction deposited, as `Pallet.Event` (dedot's pallet names). */
  deposited: string[];
  /** The data of each deposited event. */
  data: unknown[];
  /** The module error of a failed transaction, as `Pallet.Error`. */
  error: string | null;
}

/** Signs with dedot, submits through transactionWatch_v1 and follows it until it is final. */
async function submitAndWatch(
  tx: { sign: (pair: KeyringPair) => Promise<{ toHex(): `0x${string}` }> },
  pair: KeyringPair,
): Promise<Watched> {
  const hex = (await tx.sign(pair)).toHex();
  const events: TransactionWatchEvent['event'][] = [];
  const block = await new Promise<Watched['block']>((resolve, reject) => {
    watch
      .submitAndWatch(hex, (event) => {
        events.push(event.event);
        if (event.event === 'finalized') resolve(event.block as Watched['block']);
        else if (event.event !== 'validated' && event.event !== 'bestChainBlockIncluded') {
          reject(new Error(`${event.event}: ${event.error}`));
        }
      })
      .catch(reject);
  });
  // The events of the transaction: those of its index in the block that included it.
  type Record = {
    phase: { type: string; value?: number };
    event: { pallet: string; palletEvent: { name: string; data?: unknown } | string };
  };
  const records = (await (await client.at(block.hash)).query.system.events()) as Record[];
  const own = records
    .filter((r) => r.phase.type === 'ApplyExtrinsic' && r.phase.value === block.index)
    .map(({ event: { pallet, palletEvent } }) =>
      typeof palletEvent === 'string'
        ? { name: `${pallet}.${palletEvent}`, data: undefined }
        : { name: `${pallet}.${palletEvent.name}`, data: palletEvent.data },
    );
  const deposited = own.map((e) => e.name);
  const data = own.map((e) => e.data);
  const failed = own.find((e) => e.name === 'System.ExtrinsicFailed');
  let error: string | null = null;
  if (failed) {
    const meta = client.registry.findErrorMeta(
      (failed.data as { dispatchError: never }).dispatchError,
    );
    error = meta ? `${meta.pallet}.${meta.name}` : 'unknown';
  }
  return { events, block, deposited, data, error };
}

beforeAll(async () => {
  await cryptoWaitReady();
  // Auctions last long enough that no rotation ends one between the steps of a test.
  devnet = await startDevnet(['--instant', '--auction-duration', '1000', '--reset']);
  client = await DedotClient.new({ provider: new WsProvider(devnet.url) });
  watch = new TransactionWatch(client, { supportedVersions: ['v1'] });
  const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

afterAll(async () => {
  await client?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('submissions through transactionWatch_v1 (dedot)', () => {
  it('finds transactionWatch_v1 among the node methods', async () => {
    expect(await watch.supported()).toBe(true);
    expect(await watch.version()).toBe('v1');
  });

  it('submits datalog.record, follows it to finality and finds the record', async () => {
    const before = await client.query.datalog.datalogIndex(bob.address);
    const outcome = await submitAndWatch(client.tx.datalog.record('0x7761746368'), bob);
    expect(outcome.events[0]).toBe('validated');
    expect(outcome.events.at(-1)).toBe('finalized');
    expect(outcome.events.filter((e) => e !== 'bestChainBlockIncluded')).toEqual([
      'validated',
      'finalized',
    ]);
    expect(outcome.error).toBeNull();
    expect(outcome.deposited).toContain('Datalog.NewRecord');
    expect(outcome.deposited.at(-1)).toBe('System.ExtrinsicSuccess');
    const index = await client.query.datalog.datalogIndex(bob.address);
    expect(index.end).toBe(before.end + 1n);
    // NewRecord(account, moment, record): dedot reads the key of DatalogItem, a tuple behind one
    // hasher, as two arguments, so the record is checked in the event the block deposited.
    const [who, , record] = outcome.data[outcome.deposited.indexOf('Datalog.NewRecord')] as [
      { raw: string },
      bigint,
      string,
    ];
    expect(who.raw).toBe(u8aToHex(bob.publicKey));
    expect(record).toBe('0x7761746368');
  });

  it('submits rws.bid: a module error for a low bid, then the winning bid', async () => {
    const start = await submitAndWatch(
      client.tx.sudo.sudo(client.tx.rws.startAuction({ type: 'Daily', value: { days: 30 } }).call),
      alice,
    );
    expect(start.deposited).toContain('Rws.NewAuction');
    const queue: number[] = await client.query.rws.auctionQueue();
    const index = queue.at(-1)!;

    const low = await submitAndWatch(client.tx.rws.bid(index, 1n), bob);
    expect(low.events.at(-1)).toBe('finalized');
    expect(low.deposited.at(-1)).toBe('System.ExtrinsicFailed');
    expect(low.error).toBe('RWS.TooSmallBid');

    const bid = await submitAndWatch(client.tx.rws.bid(index, 2_000_000_000n), bob);
    expect(bid.error).toBeNull();
    expect(bid.deposited).toContain('Rws.NewBid');
    expect(bid.block.hash).not.toBe(low.block.hash);
    const auction = await client.query.rws.auction(index);
    expect(bid.data[bid.deposited.indexOf('Rws.NewBid')]).toEqual([
      index,
      expect.objectContaining({ raw: u8aToHex(bob.publicKey) }),
      2_000_000_000n,
    ]);
    expect(auction.winner.raw).toBe(u8aToHex(bob.publicKey));
    expect(auction.bestPrice).toBe(2_000_000_000n);
  });
});
