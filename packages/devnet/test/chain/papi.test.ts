import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { Binary, createClient, type PolkadotClient, type PolkadotSigner } from 'polkadot-api';
import { getPolkadotSigner } from 'polkadot-api/signer';
import { getWsRawProvider } from 'polkadot-api/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type DevnetProcess, removeDir, startDevnet } from './devnet-process.ts';

// polkadot-api (papi) speaks only the new JSON-RPC interface: chainHead_v1 to follow blocks and
// read storage and constants, chainHead_v1_call for the runtime APIs (metadata V15, nonce) and
// transaction_v1_broadcast to submit. Its untyped API is used (getUnsafeApi): the same calls a
// generated descriptor would make, named as strings (docs/json-rpc.md).
let devnet: DevnetProcess;
let client: PolkadotClient;
// biome-ignore lint/suspicious/noExplicitAny: the untyped API of polkadot-api
let api: any;
let alice: KeyringPair;
let bob: KeyringPair;

/** Storage read at the best block (polkadot-api reads the finalized one by default). */
const BEST = { at: 'best' };

const signer = (pair: KeyringPair): PolkadotSigner =>
  getPolkadotSigner(pair.publicKey, 'Sr25519', (input) => pair.sign(input));

interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

/** The first value of an observable that passes `test`. */
function first<T>(source: Subscribable<T>, test: (value: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = source.subscribe({
      next: (value) => {
        if (!test(value)) return;
        queueMicrotask(() => subscription.unsubscribe());
        resolve(value);
      },
      error: reject,
    });
  });
}

interface TxEvent {
  type: string;
  found?: boolean;
  ok?: boolean;
  events?: { type: string; value: { type: string } }[];
  dispatchError?: { type: string; value: unknown };
}

/** Signs, submits and waits for the transaction in a best block; its events and outcome. */
function submit(tx: { signSubmitAndWatch: (s: PolkadotSigner) => unknown }, pair: KeyringPair) {
  return first(
    tx.signSubmitAndWatch(signer(pair)) as Subscribable<TxEvent>,
    (e) => e.type === 'txBestBlocksState' && e.found === true,
  );
}

beforeAll(async () => {
  await cryptoWaitReady();
  // Auctions last long enough that no rotation ends one between the steps of a test.
  devnet = await startDevnet(['--instant', '--auction-duration', '1000', '--reset']);
  // Node 20 has no WebSocket of its own: the provider is given the `ws` package's.
  client = createClient(getWsRawProvider(devnet.url, { websocketClass: WebSocket as never }));
  api = client.getUnsafeApi();
  const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

afterAll(async () => {
  client?.destroy();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('polkadot-api against the devnet (new JSON-RPC interface, metadata V15)', () => {
  it('reads the chain spec, constants and RWS storage', async () => {
    const spec = await client.getChainSpecData();
    expect(spec.name).toBe('Robonomics Local Development');
    expect(spec.properties).toMatchObject({ ss58Format: 32, tokenSymbol: 'XRT' });
    expect(await api.constants.RWS.MinimalBid()).toBe(1_000_000_000n);
    expect(await api.constants.Datalog.WindowSize()).toBe(128n);
    const account = await api.query.System.Account.getValue(alice.address);
    expect(account.data.free).toBe(1_000_000_000_000_000n);
    expect(await api.query.RWS.AuctionQueue.getValue()).toEqual([]);
    expect(await api.query.RWS.Ledger.getValue(alice.address)).toBeUndefined();
  });

  it('runs the runtime APIs from the V15 metadata', async () => {
    expect(await api.apis.AccountNonceApi.account_nonce(bob.address)).toBe(0);
    const versions: number[] = await api.apis.Metadata.metadata_versions();
    expect(versions).toEqual([14, 15]);
    const version = await api.apis.Core.version();
    expect(version.spec_name).toBe('robonomics');
    expect(version.spec_version).toBe(43);
  });

  it('follows new and finalized blocks', async () => {
    type BlockInfo = { number: number; parent: string };
    const finalized$ = client.finalizedBlock$ as Subscribable<BlockInfo>;
    const before = await first(finalized$);
    await newBlock(devnet.url);
    const after = await first(finalized$, (block) => block.number > before.number);
    expect(after.parent).toBeTruthy();
    const best = await first(client.bestBlocks$ as Subscribable<BlockInfo[]>);
    expect(best[0]!.number).toBeGreaterThanOrEqual(after.number);
  });

  it('submits datalog.record and finds its record and events', async () => {
    const result = await submit(api.tx.Datalog.record({ record: Binary.fromText('papi') }), bob);
    expect(result.ok).toBe(true);
    const names = result.events!.map((e) => `${e.type}.${e.value.type}`);
    expect(names).toContain('Datalog.NewRecord');
    expect(names).toContain('System.ExtrinsicSuccess');
    const { end } = await api.query.Datalog.DatalogIndex.getValue(bob.address, BEST);
    const [, record]: [bigint, Uint8Array] = await api.query.Datalog.DatalogItem.getValue(
      [bob.address, end - 1n],
      BEST,
    );
    expect(new TextDecoder().decode(record)).toBe('papi');
  });

  it('bids in an auction with rws.bid and sees the module error for a low bid', async () => {
    const start = await submit(
      api.tx.Sudo.sudo({
        call: api.tx.RWS.start_auction({ kind: { type: 'Daily', value: { days: 30 } } })
          .decodedCall,
      }),
      alice,
    );
    expect(start.ok).toBe(true);
    const queue: number[] = await api.query.RWS.AuctionQueue.getValue(BEST);
    const index = queue.at(-1)!;
    const low = await submit(api.tx.RWS.bid({ index, amount: 1n }), bob);
    expect(low.ok).toBe(false);
    expect(low.dispatchError).toMatchObject({ type: 'Module', value: { type: 'RWS' } });
    const bid = await submit(api.tx.RWS.bid({ index, amount: 2_000_000_000n }), bob);
    expect(bid.ok).toBe(true);
    const auction = await api.query.RWS.Auction.getValue(index, BEST);
    expect(auction.winner).toBe(bob.address);
  });
});

/** Builds one block through the dev method (a tool's connection). */
async function newBlock(url: string): Promise<void> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await new Promise((resolve) => {
    ws.once('message', resolve);
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_newBlock', params: [] }));
  });
  ws.close();
}
