import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import type { DatalogRecord } from '@robonomics-dapp/robonomics/chain/model/datalog';
import { mortalWindow } from '@robonomics-dapp/robonomics/chain/model/mortality';
import { fetchDatalogWindow } from '@robonomics-dapp/robonomics/chain/queries/datalog-window';
import { findTransaction } from '@robonomics-dapp/robonomics/chain/queries/find-transaction';
import { subscribeDatalogRecords } from '@robonomics-dapp/robonomics/chain/subscriptions/datalog-records';
import {
  type SentInfo,
  sendTransaction,
  TxOutcomeUnknownError,
} from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type HostileNode, startHostileNode } from '../../src/levers/hostile-node.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// A sent transaction's end, found in the chain's blocks (chain/queries/find-transaction.ts):
// through a node that cuts the link at each phase (src/hostile-node.ts), the app keeps what it
// signed before handing it over, and finds in which block it ran, failed, or that its window
// passed with nothing spent.
let devnet: DevnetProcess;
let hostile: HostileNode;
let connection: ChainConnection;

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset']);
  hostile = await startHostileNode({ target: devnet.url });
  connection = new ChainConnection(hostile.url, {
    cacheStorage: new MemoryStorage(),
    retryDelayMs: 100,
    maxRetryDelayMs: 200,
  });
  await connection.ready();
});
afterEach(() => {
  hostile.rules = {};
});
afterAll(async () => {
  await connection?.disconnect();
  await hostile?.close();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const alice = async () => toKeyringPair(await pairFromUri('//Alice', 'sr25519'));
/** The client once its socket is open again after a cut. */
const reconnected = async () => {
  const client = connection.client!;
  for (let i = 0; i < 100 && client.provider.status !== 'connected'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return client;
};
/** Searches until the end is known (finality takes a moment on the devnet). */
const endOf = async (sent: SentInfo) => {
  for (let i = 0; ; i++) {
    const end = await findTransaction(await reconnected(), sent);
    if (end.kind !== 'looking' || i > 50) return end;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('a sent transaction’s end', () => {
  it('is kept before it is handed over, with a window of minutes, and found in its block', async () => {
    const client = connection.client!;
    let kept: SentInfo | null = null;
    const result = await sendTransaction(
      client,
      client.tx.datalog.record('kept first'),
      await alice(),
      {
        tracking: {
          onSent: (sent) => {
            kept = sent;
            // Nothing is handed over before the record is kept.
            expect(hostile.submitted).toHaveLength(0);
          },
        },
      },
    );
    expect(kept).not.toBeNull();
    const sent = kept as unknown as SentInfo;
    expect(sent.hash).toBe(result.txHash);
    expect(sent.mortality.death - sent.mortality.birth).toBe(64);
    const end = await endOf(sent);
    expect(end).toMatchObject({
      kind: 'included',
      block: { number: result.blockNumber },
      failed: null,
    });
  });

  it('is found failed, with the chain’s reason', async () => {
    const client = connection.client!;
    let sent: SentInfo | null = null;
    // Alice has no devices to act for: rws.call from an account with no subscription fails.
    const failing = client.tx.rws.call(
      '4FTr8kn7SMg3w78WCPSZHXPWLYSSDMU8RCHDXCLoP9ajd4ws',
      client.tx.datalog.record('not mine').call,
    );
    await expect(
      sendTransaction(client, failing, await alice(), { tracking: { onSent: (s) => (sent = s) } }),
    ).rejects.toThrow();
    const end = await endOf(sent!);
    expect(end).toMatchObject({ kind: 'included', failed: { reason: expect.any(String) } });
    expect(end.kind === 'included' && end.failed?.reason).not.toBe('');
  });

  it('is unknown when the link drops after the hand-over, and found once the link is back', async () => {
    const client = connection.client!;
    hostile.rules = { cutAfterSubmit: 0 };
    const sending = sendTransaction(client, client.tx.datalog.record('cut'), await alice());
    const error = await sending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxOutcomeUnknownError);
    hostile.rules = {};
    const end = await endOf((error as TxOutcomeUnknownError).sent);
    expect(end).toMatchObject({ kind: 'included', failed: null });
  });

  it('is unknown when the link drops after "in block", and found final once back', async () => {
    const client = connection.client!;
    hostile.rules = { cutAfterInBlock: true };
    const error = await sendTransaction(
      client,
      client.tx.datalog.record('in block'),
      await alice(),
    ).catch((e: unknown) => e);
    hostile.rules = {};
    // The in-block status may win the race with the cut; either way the end is the block's.
    const sent = error instanceof TxOutcomeUnknownError ? error.sent : null;
    if (sent) expect((await endOf(sent)).kind).toBe('included');
  });

  it('ends as expired, nothing spent, when no block of its window includes it', async () => {
    const client = connection.client!;
    hostile.rules = { swallowSubmissions: true };
    hostile.submitted.length = 0;
    let sent: SentInfo | null = null;
    const sending = sendTransaction(client, client.tx.datalog.record('swallowed'), await alice(), {
      mortalBlocks: 8,
      tracking: { onSent: (s) => (sent = s) },
    });
    sending.catch(() => {});
    // Swallowed once the node has it: the rule stays until then.
    for (let i = 0; i < 100 && hostile.submitted.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    hostile.submitted.length = 0;
    hostile.rules = {};
    expect(sent!.mortality.death - sent!.mortality.birth).toBe(8);
    expect((await findTransaction(client, sent!)).kind).toBe('looking');
    await client.rpc.dev_newBlock({ count: 10 });
    const end = await endOf(sent!);
    expect(end).toEqual({
      kind: 'expired',
      searched: { from: sent!.mortality.birth, to: sent!.mortality.death - 1 },
    });
  });

  it('is looked for again from where a search stopped, and never on another chain', async () => {
    const client = connection.client!;
    const head = (await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead()))!
      .number;
    const sent = {
      hash: `0x${'12'.repeat(32)}` as const,
      genesisHash: client.genesisHash,
      mortality: mortalWindow(4096, head + 100_000),
    };
    // A window that has not begun: nothing searched yet.
    expect(await findTransaction(client, sent)).toEqual({ kind: 'looking', searched: null });
    await expect(
      findTransaction(client, { ...sent, genesisHash: `0x${'ab'.repeat(32)}` }),
    ).rejects.toThrow('The node in use is not on the chain the transaction was sent to');
    // A node that cuts the link while blocks are read.
    hostile.rules = { cutOnBlockRead: true };
    const window = { ...sent, mortality: { birth: 1, death: head + 1 } };
    // The client asks again once the link is back: the search ends, the window being past.
    const expired = { kind: 'expired', searched: { from: 1, to: head } };
    expect(await findTransaction(client, window)).toEqual(expired);
    // Resumed from a later block, it reports the whole window.
    expect(await findTransaction(await reconnected(), window, { from: 3 })).toEqual(expired);
  });

  it('stays looking, and says why, when the node denies a block it names as final', async () => {
    const client = await reconnected();
    const head = (await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead()))!;
    hostile.rules = { deniedBlock: 2 };
    const sent = {
      hash: `0x${'34'.repeat(32)}` as const,
      genesisHash: client.genesisHash,
      mortality: { birth: 1, death: head.number + 1 },
    };
    expect(await findTransaction(client, sent)).toEqual({
      kind: 'looking',
      searched: { from: 1, to: 1 },
      why: 'the node does not give block #2, which it names as final.',
    });
  });

  it('windows follow the runtime’s rule for mortal eras', () => {
    expect(mortalWindow(64, 100)).toEqual({ birth: 100, death: 164 });
    // Rounded up to a power of two, at least 4.
    expect(mortalWindow(50, 7)).toEqual({ birth: 7, death: 71 });
    expect(mortalWindow(1, 3)).toEqual({ birth: 3, death: 7 });
    // Long periods quantize the phase.
    expect(mortalWindow(65_536, 100_003)).toEqual({ birth: 100_000, death: 165_536 });
  });
});

describe('a home’s records followed across a cut link', () => {
  it('hands on the newest record, then every record written while the link was down, in order, once', async () => {
    const client = await reconnected();
    const newest = (await fetchDatalogWindow(client, ALICE)).at(-1);
    const seen: DatalogRecord[] = [];
    const stop = await subscribeDatalogRecords(client, ALICE, (record) => seen.push(record));
    const texts = () => seen.map((r) => r.text);
    // Written straight to the devnet, as the home does while the page's node is away.
    const direct = new ChainConnection(devnet.url, { cacheStorage: new MemoryStorage() });
    try {
      // The newest record when following began comes first.
      expect(newest).toBeDefined();
      await expect.poll(() => seen).toEqual([newest]);
      const chain = await direct.ready();
      const signer = await alice();
      await sendTransaction(chain, chain.tx.datalog.record('before the cut'), signer);
      await expect.poll(texts).toEqual([newest!.text, 'before the cut']);

      // The page's link is cut after it sends a transaction of its own, and stays down.
      hostile.rules = { cutAfterSubmit: 0 };
      await sendTransaction(client, client.tx.system.remark('0x00'), signer).catch(() => null);
      hostile.rules = { refuseConnections: true };
      expect(client.provider.status).not.toBe('connected');
      for (const text of ['while down 1', 'while down 2']) {
        await sendTransaction(chain, chain.tx.datalog.record(text), signer);
      }
      // Blocks after them: their events are no longer the newest block's.
      const bob = toKeyringPair(await pairFromUri('//Bob', 'sr25519'));
      await sendTransaction(chain, chain.tx.datalog.record('another account'), bob);
      await sendTransaction(chain, chain.tx.system.remark('0x01'), bob);

      hostile.rules = {};
      await expect
        .poll(texts, { timeout: 20_000 })
        .toEqual([newest!.text, 'before the cut', 'while down 1', 'while down 2']);
      // Each has its block's time.
      expect(seen[3]!.time).toBeGreaterThanOrEqual(seen[2]!.time);
      await sendTransaction(chain, chain.tx.datalog.record('after'), signer);
      await expect.poll(() => seen.length).toBe(5);
      expect(texts().slice(1)).toEqual(['before the cut', 'while down 1', 'while down 2', 'after']);
    } finally {
      await stop();
      await direct.disconnect();
    }
  });
});
