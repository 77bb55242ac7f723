import { Metadata, TypeRegistry } from '@polkadot/types';
import { hexToU8a } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { ChainNode } from '../../node/node.ts';
import { robonomicsDescription } from '../../pallets/robonomics.ts';
import { Runtime } from '../../runtime/runtime.ts';
import { devPair, makeCall, recordCall, signedHex } from '../../test-support.ts';
import { startRpcServer } from '../server.ts';

// Conformance of the new JSON-RPC interface (chainHead_v1, chainSpec_v1, transaction_v1,
// transactionWatch_v1) against a real server on a free port, with small limits so that each
// limit can be reached: 2 follows per connection, 6 pinned blocks, 3 operations, 2 storage
// items per step.

interface Frame {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: { subscription: string; result: Record<string, unknown> };
}

/** A bare client that keeps every notification, by subscription. */
class Wire {
  readonly events = new Map<string, Record<string, unknown>[]>();
  readonly #waiting = new Map<number, (frame: Frame) => void>();
  #nextId = 1;
  #wakers: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.params?.subscription) {
        const list = this.events.get(frame.params.subscription) ?? [];
        list.push(frame.params.result);
        this.events.set(frame.params.subscription, list);
        for (const wake of this.#wakers.splice(0)) wake();
      } else if (typeof frame.id === 'number') this.#waiting.get(frame.id)?.(frame);
    });
  }

  static open(url: string): Promise<Wire> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Wire(socket)));
      socket.once('error', reject);
    });
  }

  request(method: string, params: unknown[] = []): Promise<Frame> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** The result of a call (fails the test on an error answer). */
  async call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const frame = await this.request(method, params);
    if (frame.error) throw new Error(`${method}: ${frame.error.code} ${frame.error.message}`);
    return frame.result as T;
  }

  /** The error code of a call that must fail. */
  async errorCode(method: string, params: unknown[] = []): Promise<number | undefined> {
    return (await this.request(method, params)).error?.code;
  }

  /** Waits for an event of a subscription that passes `test`, and returns it. */
  async event(
    sub: string,
    test: (event: Record<string, unknown>) => boolean,
    timeoutMs = 10_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (this.events.get(sub) ?? []).find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no such event on ${sub}: ${JSON.stringify(this.events.get(sub))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wakers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

let node: ChainNode;
let server: Awaited<ReturnType<typeof startRpcServer>>;
let wire: Wire;
const opened: Wire[] = [];

const open = async () => {
  const w = await Wire.open(server.url);
  opened.push(w);
  return w;
};

/** A follow subscription with its initial events seen; returns its id. */
async function follow(w: Wire, withRuntime: boolean): Promise<string> {
  // Everything final first: the follow then pins only the finalized blocks it reports.
  await vi.waitFor(() => expect(node.finalized.number).toBe(node.best.number), {
    timeout: 10_000,
  });
  const sub = await w.call<string>('chainHead_v1_follow', [withRuntime]);
  await w.event(sub, (e) => e.event === 'bestBlockChanged');
  return sub;
}

beforeAll(async () => {
  await cryptoWaitReady();
  node = await ChainNode.create(new Runtime(robonomicsDescription({ auctionDuration: 1000 })), {
    finalityDelayMs: 20,
  });
  node.initGenesis(1_700_000_000_000n);
  server = await startRpcServer(node, {
    host: '127.0.0.1',
    port: 0,
    onSubmit: () => void node.buildBlock(),
    newBlocks: async (count) => (await node.buildBlocks(count)).hash,
    holdBlocks: () => {},
    limits: {
      chainHead: {
        maxFollowsPerConnection: 2,
        maxPinnedBlocks: 6,
        maxOperations: 3,
        storageItemsPerStep: 2,
      },
    },
  });
  await node.buildBlocks(2);
  wire = await open();
});

afterAll(async () => {
  for (const w of opened) w.close();
  await node?.stop();
  await server?.close();
});

describe('chainHead_v1_follow', () => {
  it('reports the finalized block with its runtime, the blocks after it, then new and finalized blocks', async () => {
    // A settled chain: what initialized reports is then what the node holds as final.
    await vi.waitFor(() => expect(node.finalized.number).toBe(node.best.number), {
      timeout: 10_000,
    });
    const sub = await wire.call<string>('chainHead_v1_follow', [true]);
    const initialized = await wire.event(sub, (e) => e.event === 'initialized');
    // The finalized blocks up to the current one (here all of them: the chain is short).
    const reported = initialized.finalizedBlockHashes as string[];
    expect(reported.at(-1)).toBe(node.finalized.hash);
    expect(reported).toEqual(
      Array.from({ length: reported.length }, (_, i) =>
        node.hashByNumber.get(node.finalized.number - reported.length + 1 + i),
      ),
    );
    expect(reported.length).toBe(Math.min(3, node.finalized.number + 1));
    expect(initialized.finalizedBlockRuntime).toMatchObject({
      type: 'valid',
      spec: { specName: 'robonomics', specVersion: 43, transactionVersion: 4 },
    });
    const apis = (initialized.finalizedBlockRuntime as { spec: { apis: object } }).spec.apis;
    expect(apis).toMatchObject({ '0x37e397fc7c91f5e4': 2, '0xbc9d89904f5b923f': 1 });
    await wire.event(sub, (e) => e.event === 'bestBlockChanged');
    const block = await node.buildBlock();
    const added = await wire.event(
      sub,
      (e) => e.event === 'newBlock' && e.blockHash === block.hash,
    );
    expect(added).toEqual({
      event: 'newBlock',
      blockHash: block.hash,
      parentBlockHash: block.parentHash,
      newRuntime: null,
    });
    await wire.event(sub, (e) => e.event === 'bestBlockChanged' && e.bestBlockHash === block.hash);
    const finalized = await wire.event(
      sub,
      (e) => e.event === 'finalized' && (e.finalizedBlockHashes as string[]).includes(block.hash),
    );
    expect(finalized.prunedBlockHashes).toEqual([]);
    expect(await wire.call('chainHead_v1_unfollow', [sub])).toBeNull();
  });

  it('leaves the runtime out without withRuntime, and refuses runtime calls there', async () => {
    const sub = await wire.call<string>('chainHead_v1_follow', [false]);
    const initialized = await wire.event(sub, (e) => e.event === 'initialized');
    expect(initialized).not.toHaveProperty('finalizedBlockRuntime');
    const block = await node.buildBlock();
    const added = await wire.event(
      sub,
      (e) => e.event === 'newBlock' && e.blockHash === block.hash,
    );
    expect(added).not.toHaveProperty('newRuntime');
    expect(await wire.errorCode('chainHead_v1_call', [sub, block.hash, 'Core_version', '0x'])).toBe(
      -32802,
    );
    await wire.call('chainHead_v1_unfollow', [sub]);
  });

  it('allows two follows per connection and answers -32800 to a third', async () => {
    const w = await open();
    const a = await follow(w, false);
    await follow(w, true);
    expect(await w.errorCode('chainHead_v1_follow', [true])).toBe(-32800);
    await w.call('chainHead_v1_unfollow', [a]);
    expect(typeof (await w.call('chainHead_v1_follow', [true]))).toBe('string');
    // Another connection has its own allowance.
    await follow(await open(), true);
  });

  it('stops a subscription that keeps more blocks pinned than the limit', async () => {
    await expect.poll(() => node.finalized.number, { timeout: 10_000 }).toBe(node.best.number);
    const w = await open();
    const sub = await follow(w, false);
    await node.buildBlocks(6);
    await w.event(sub, (e) => e.event === 'stop');
    // The stopped subscription is gone: its calls answer as for an unknown one.
    expect(await w.call('chainHead_v1_header', [sub, node.best.hash])).toBeNull();
  });

  it('keeps a subscription that unpins what it no longer needs', async () => {
    await expect.poll(() => node.finalized.number, { timeout: 10_000 }).toBe(node.best.number);
    const w = await open();
    const sub = await follow(w, false);
    for (let i = 0; i < 8; i++) {
      const block = await node.buildBlock();
      await w.event(sub, (e) => e.event === 'newBlock' && e.blockHash === block.hash);
      await w.call('chainHead_v1_unpin', [sub, block.parentHash]);
    }
    expect((w.events.get(sub) ?? []).some((e) => e.event === 'stop')).toBe(false);
  });
});

describe('pinned blocks and bad input', () => {
  let sub: string;
  beforeAll(async () => {
    sub = await follow(wire, true);
  });

  it('serves the header of a pinned block until it is unpinned', async () => {
    const hash = node.best.hash;
    expect(await wire.call('chainHead_v1_header', [sub, hash])).toBe(node.best.headerHex);
    await wire.call('chainHead_v1_unpin', [sub, hash]);
    expect(await wire.errorCode('chainHead_v1_header', [sub, hash])).toBe(-32801);
    expect(await wire.errorCode('chainHead_v1_unpin', [sub, hash])).toBe(-32801);
  });

  it('answers the JSON-RPC spec errors for unknown, duplicate and malformed hashes', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(await wire.errorCode('chainHead_v1_unpin', [sub, unknown])).toBe(-32801);
    expect(await wire.errorCode('chainHead_v1_body', [sub, unknown])).toBe(-32801);
    const pinned = node.finalized.hash;
    expect(await wire.errorCode('chainHead_v1_unpin', [sub, [pinned, pinned]])).toBe(-32804);
    expect(await wire.errorCode('chainHead_v1_header', [sub, '0x12'])).toBe(-32602);
    expect(await wire.errorCode('chainHead_v1_follow', ['yes'])).toBe(-32602);
    expect(
      await wire.errorCode('chainHead_v1_storage', [sub, pinned, [{ key: '0x', type: 'all' }]]),
    ).toBe(-32602);
  });

  it('treats an unknown follow subscription as stale: null, limitReached, no effect', async () => {
    const hash = node.best.hash;
    expect(await wire.call('chainHead_v1_header', ['nope', hash])).toBeNull();
    expect(await wire.call('chainHead_v1_body', ['nope', hash])).toEqual({
      result: 'limitReached',
    });
    expect(await wire.call('chainHead_v1_unpin', ['nope', hash])).toBeNull();
    expect(await wire.call('chainHead_v1_unfollow', ['nope'])).toBeNull();
    // Another connection's subscription is not this connection's.
    expect(await (await open()).call('chainHead_v1_header', [sub, hash])).toBeNull();
  });

  it('runs body, call and storage operations and reports them as events', async () => {
    const block = await node.buildBlock();
    await wire.event(sub, (e) => e.event === 'newBlock' && e.blockHash === block.hash);
    const body = await wire.call<{ operationId: string }>('chainHead_v1_body', [sub, block.hash]);
    expect(await wire.event(sub, (e) => e.operationId === body.operationId)).toMatchObject({
      event: 'operationBodyDone',
      value: block.extrinsics,
    });

    const versions = await wire.call<{ operationId: string }>('chainHead_v1_call', [
      sub,
      block.hash,
      'Metadata_metadata_versions',
      '0x',
    ]);
    expect(await wire.event(sub, (e) => e.operationId === versions.operationId)).toEqual({
      event: 'operationCallDone',
      operationId: versions.operationId,
      output: '0x080e0000000f000000',
    });
    const missing = await wire.call<{ operationId: string }>('chainHead_v1_call', [
      sub,
      block.hash,
      'Nothing_here',
      '0x',
    ]);
    expect(await wire.event(sub, (e) => e.operationId === missing.operationId)).toMatchObject({
      event: 'operationError',
    });

    const key = node.runtime.key('system', 'number');
    const storage = await wire.call<{ operationId: string; discardedItems: number }>(
      'chainHead_v1_storage',
      [
        sub,
        block.hash,
        [
          { key, type: 'value' },
          { key, type: 'hash' },
          { key: `0x${'00'.repeat(8)}`, type: 'value' },
        ],
        null,
      ],
    );
    expect(storage.discardedItems).toBe(0);
    await wire.event(
      sub,
      (e) => e.event === 'operationStorageDone' && e.operationId === storage.operationId,
    );
    const items = (wire.events.get(sub) ?? [])
      .filter((e) => e.operationId === storage.operationId && e.event === 'operationStorageItems')
      .flatMap((e) => e.items as Record<string, string>[]);
    expect(items).toEqual([
      { key, value: block.state.get(key) },
      { key, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    ]);
  });

  it('pages descendants, waits for chainHead_v1_continue, and counts operations against the limit', async () => {
    const hash = node.best.hash;
    const prefix = node.runtime.prefix('system', 'account');
    const started = await wire.call<{ operationId: string; discardedItems: number }>(
      'chainHead_v1_storage',
      [
        sub,
        hash,
        [
          { key: prefix, type: 'descendantsValues' },
          { key: prefix, type: 'descendantsHashes' },
          { key: prefix, type: 'closestDescendantMerkleValue' },
          { key: prefix, type: 'value' },
        ],
      ],
    );
    // Three operation slots: the fourth item is discarded.
    expect(started.discardedItems).toBe(1);
    const id = started.operationId;
    await wire.event(sub, (e) => e.event === 'operationWaitingForContinue' && e.operationId === id);
    // Every slot is taken while it waits.
    expect(await wire.call('chainHead_v1_body', [sub, hash])).toEqual({ result: 'limitReached' });
    expect(
      await wire.call('chainHead_v1_storage', [sub, hash, [{ key: prefix, type: 'value' }]]),
    ).toEqual({ result: 'limitReached' });
    let pages = 1;
    for (;;) {
      const seen = (wire.events.get(sub) ?? []).filter((e) => e.operationId === id).length;
      await wire.call('chainHead_v1_continue', [sub, id]);
      const next = await wire.event(
        sub,
        (e) =>
          e.operationId === id &&
          (e.event === 'operationWaitingForContinue' || e.event === 'operationStorageDone') &&
          (wire.events.get(sub) ?? []).filter((x) => x.operationId === id).indexOf(e) >= seen,
      );
      pages += 1;
      if (next.event === 'operationStorageDone') break;
    }
    const items = (wire.events.get(sub) ?? [])
      .filter((e) => e.operationId === id && e.event === 'operationStorageItems')
      .flatMap((e) => e.items as Record<string, string>[]);
    const accounts = [...node.best.state.keys()].filter((k) => k.startsWith(prefix));
    expect(items.filter((i) => i.value).map((i) => i.key)).toEqual(accounts.sort());
    expect(items.filter((i) => i.hash)).toHaveLength(accounts.length);
    expect(items.filter((i) => i.closestDescendantMerkleValue)).toEqual([
      { key: prefix, closestDescendantMerkleValue: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    ]);
    expect(pages).toBeGreaterThan(accounts.length);
    // Done: continuing it has no effect; the slots are free again.
    expect(await wire.call('chainHead_v1_continue', [sub, id])).toBeNull();
    const body = await wire.call<{ result: string }>('chainHead_v1_body', [sub, hash]);
    expect(body.result).toBe('started');
  });

  it('answers -32803 to a continue of an operation that is not waiting, and frees stopped ones', async () => {
    const hash = node.best.hash;
    const prefix = node.runtime.prefix('system', 'account');
    const { operationId } = await wire.call<{ operationId: string }>('chainHead_v1_storage', [
      sub,
      hash,
      [
        { key: prefix, type: 'descendantsValues' },
        { key: prefix, type: 'descendantsHashes' },
        { key: prefix, type: 'descendantsValues' },
      ],
    ]);
    await wire.event(
      sub,
      (e) => e.event === 'operationWaitingForContinue' && e.operationId === operationId,
    );
    // Two continues at once: the first resumes it, the second finds it no longer waiting.
    const [first, second] = await Promise.all([
      wire.request('chainHead_v1_continue', [sub, operationId]),
      wire.request('chainHead_v1_continue', [sub, operationId]),
    ]);
    expect(first.result).toBeNull();
    expect(second.error?.code).toBe(-32803);
    await wire.event(
      sub,
      (e) =>
        e.event === 'operationWaitingForContinue' &&
        e.operationId === operationId &&
        (wire.events.get(sub) ?? []).filter(
          (x) => x.event === 'operationWaitingForContinue' && x.operationId === operationId,
        ).length >= 2,
    );
    expect(await wire.call('chainHead_v1_body', [sub, hash])).toEqual({ result: 'limitReached' });
    expect(await wire.call('chainHead_v1_stopOperation', [sub, operationId])).toBeNull();
    const body = await wire.call<{ result: string }>('chainHead_v1_body', [sub, hash]);
    expect(body.result).toBe('started');
  });
});

describe('chainSpec_v1', () => {
  it('answers the chain name, genesis hash and properties', async () => {
    expect(await wire.call('chainSpec_v1_chainName')).toBe('Robonomics Local Development');
    expect(await wire.call('chainSpec_v1_genesisHash')).toBe(node.genesisHash);
    expect(await wire.call('chainSpec_v1_properties')).toEqual({
      ss58Format: 32,
      tokenDecimals: 9,
      tokenSymbol: 'XRT',
    });
  });
});

const runtime = () => node.runtime;
const nonceOf = (name: string) => node.nextIndex(devPair(name).publicKey);

describe('transactionWatch_v1 and transaction_v1', () => {
  it('follows a datalog.record and an rws.bid from validated to finalized', async () => {
    const alice = devPair('Alice');
    const record = signedHex(
      runtime(),
      node,
      alice,
      recordCall(runtime(), 'watched'),
      nonceOf('Alice'),
    );
    const sub = await wire.call<string>('transactionWatch_v1_submitAndWatch', [record]);
    expect((await wire.event(sub, () => true)).event).toBe('validated');
    const included = await wire.event(sub, (e) => e.event === 'bestChainBlockIncluded');
    const block = node.blocks.get((included.block as { hash: string }).hash)!;
    expect(block.extrinsics[(included.block as { index: number }).index]).toBe(record);
    expect(await wire.event(sub, (e) => e.event === 'finalized')).toEqual({
      event: 'finalized',
      block: included.block,
    });
    // rws.bid on an auction that does not exist: included, with its module error in the events.
    const bid = signedHex(
      runtime(),
      node,
      devPair('Bob'),
      makeCall(runtime(), 'RWS', 1, { index: 9999, amount: 2_000_000_000n }),
      nonceOf('Bob'),
    );
    const bidSub = await wire.call<string>('transactionWatch_v1_submitAndWatch', [bid]);
    await wire.event(bidSub, (e) => e.event === 'finalized');
  });

  it('reports bytes that are not a transaction as invalid, and text that is not hex as -32602', async () => {
    const sub = await wire.call<string>('transactionWatch_v1_submitAndWatch', ['0x1234']);
    expect(await wire.event(sub, () => true)).toMatchObject({ event: 'invalid' });
    expect(await wire.errorCode('transactionWatch_v1_submitAndWatch', ['hello'])).toBe(-32602);
    expect(await wire.errorCode('transactionWatch_v1_unwatch', ['nope'])).toBe(-32602);
    // Already in a block: the same bytes again are dropped, not a crash.
    const again = signedHex(runtime(), node, devPair('Alice'), recordCall(runtime(), 'watched'), 0);
    const dup = await wire.call<string>('transactionWatch_v1_submitAndWatch', [again]);
    expect((await wire.event(dup, () => true)).event).toMatch(/invalid|dropped/);
  });

  it('broadcasts, stops, and refuses to stop an unknown operation', async () => {
    const tx = signedHex(
      runtime(),
      node,
      devPair('Charlie'),
      recordCall(runtime(), 'broadcast'),
      nonceOf('Charlie'),
    );
    const id = await wire.call<string>('transaction_v1_broadcast', [tx]);
    expect(typeof id).toBe('string');
    await expect.poll(() => node.best.extrinsics.includes(tx), { timeout: 10_000 }).toBe(true);
    expect(await wire.call('transaction_v1_stop', [id])).toBeNull();
    expect(await wire.errorCode('transaction_v1_stop', [id])).toBe(-32602);
    // Invalid bytes are silently not broadcast, but get an operation all the same.
    expect(typeof (await wire.call('transaction_v1_broadcast', ['0x00']))).toBe('string');
    expect(await wire.errorCode('transaction_v1_broadcast', [42])).toBe(-32602);
  });
});

describe('a runtime upgrade', () => {
  it('is seen by follow (newRuntime), state_subscribeRuntimeVersion, metadata and events', async () => {
    const sub = await follow(wire, true);
    const versions = await wire.call<string>('state_subscribeRuntimeVersion');
    await wire.event(versions, () => true);
    const before = node.best;
    const stale = signedHex(
      runtime(),
      node,
      devPair('Dave'),
      recordCall(runtime(), 'signed for 43'),
      nonceOf('Dave'),
    );
    const answer = await wire.call<{ specVersion: number; blockHash: string }>(
      'dev_upgradeRuntime',
      [{ constants: { RWS: { MinimalBid: 5_000_000_000 } } }],
    );
    expect(answer.specVersion).toBe(44);
    const added = await wire.event(
      sub,
      (e) => e.event === 'newBlock' && e.blockHash === answer.blockHash,
    );
    expect(added.newRuntime).toMatchObject({ type: 'valid', spec: { specVersion: 44 } });
    expect(await wire.event(versions, (e) => e.specVersion === 44)).toMatchObject({
      specName: 'robonomics',
      specVersion: 44,
    });
    // The block after carries no new runtime.
    const next = await node.buildBlock();
    expect(
      await wire.event(sub, (e) => e.event === 'newBlock' && e.blockHash === next.hash),
    ).toMatchObject({ newRuntime: null });

    const metadataAt = async (at: string, version: 14 | 15) => {
      const registry = new TypeRegistry();
      if (version === 14)
        return new Metadata(registry, await wire.call<`0x${string}`>('state_getMetadata', [at]));
      const raw = await wire.call<string>('state_call', [
        'Metadata_metadata_at_version',
        '0x0f000000',
        at,
      ]);
      const bytes = registry.createType('Option<Bytes>', hexToU8a(raw)).unwrap();
      return new Metadata(registry, bytes.toU8a(true));
    };
    const minimalBid = (m: Metadata) =>
      m.asLatest.pallets
        .find((p) => p.name.toString() === 'RWS')!
        .constants.find((c) => c.name.toString() === 'MinimalBid')!
        .value.toHex();
    expect(minimalBid(await metadataAt(before.hash, 14))).toBe(
      '0x00ca9a3b000000000000000000000000',
    );
    expect(minimalBid(await metadataAt(answer.blockHash, 14))).toBe(
      '0x00f2052a010000000000000000000000',
    );
    const v15 = await metadataAt(answer.blockHash, 15);
    expect(v15.version).toBe(15);
    expect(minimalBid(v15)).toBe('0x00f2052a010000000000000000000000');
    expect(
      (await wire.call<{ specVersion: number }>('state_getRuntimeVersion', [before.hash]))
        .specVersion,
    ).toBe(43);
    // The event, the code and the digest of the upgrade's block.
    const upgradeBlock = node.blocks.get(answer.blockHash)!;
    const events = node.runtime
      .decode(
        'Vec<FrameSystemEventRecord>',
        upgradeBlock.state.get(node.runtime.key('system', 'events'))!,
      )
      .toHuman() as { event: { section: string; method: string } }[];
    expect(events.map((e) => `${e.event.section}.${e.event.method}`)).toContain(
      'system.CodeUpdated',
    );
    expect(upgradeBlock.header.digest.logs).toHaveLength(2);
    // A transaction signed for spec 43 no longer verifies.
    expect(await wire.errorCode('author_submitExtrinsic', [stale])).toBe(1010);
  });
});
