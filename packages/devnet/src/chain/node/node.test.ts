import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChainHaltedError } from '../blocks/block.ts';
import { KEPT_STATES, STATE_CHECKPOINT_EVERY } from '../blocks/block-archive.ts';
import { blockRecord } from '../blocks/persistence.ts';
import { robonomicsDescription } from '../pallets/robonomics.ts';
import { Runtime } from '../runtime/runtime.ts';
import type { StateMap } from '../runtime/state.ts';
import { devPair, makeCall, recordCall, signedHex } from '../test-support.ts';
import { ChainNode } from './node.ts';

let runtime: Runtime;
beforeAll(() => {
  runtime = new Runtime(robonomicsDescription({}));
});
afterEach(() => vi.restoreAllMocks());

async function newNode() {
  const node = await ChainNode.create(runtime, { finalityDelayMs: 1 });
  node.initGenesis(1_700_000_000_000n);
  return node;
}

/** A storage change as dev_setStorage makes it: Eve's datalog index ending at `end`. */
function eveDatalogIndex(end: number): [string, string] {
  const key = runtime.key('datalog', 'datalogIndex', devPair('Eve').publicKey);
  return [key, runtime.encode(runtime.valueType('datalog', 'datalogIndex'), { start: 0, end })];
}

describe('chain node: durability', () => {
  it('announces a block only after the sink has written it', async () => {
    const node = await newNode();
    const order: string[] = [];
    let release!: () => void;
    node.attachSink({
      block: (block) =>
        new Promise<void>((resolve) => {
          order.push(`writing #${block.number}`);
          release = () => {
            order.push(`written #${block.number}`);
            resolve();
          };
        }),
      finalized: () => {},
    });
    node.on('block', (block) => order.push(`announced #${block.number}`));
    const alice = devPair('Alice');
    node.submit(signedHex(runtime, node, alice, recordCall(runtime, 'kept'), 0), (status) => {
      if (typeof status === 'object' && 'inBlock' in status) order.push('inBlock');
    });
    const building = node.buildBlock();
    await vi.waitFor(() => expect(order).toEqual(['writing #1']));
    // Not yet written: not the best block, and nobody has heard of it.
    expect(node.best.number).toBe(0);
    release();
    await building;
    expect(order).toEqual(['writing #1', 'written #1', 'inBlock', 'announced #1']);
    expect(node.best.number).toBe(1);
    await node.stop();
  });

  it('stops block production with a clear log line when a block cannot be written', async () => {
    const node = await newNode();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    node.attachSink({
      block: () => Promise.reject(new Error('could not write block #1 to chain.journal: EMFILE')),
      finalized: () => {},
    });
    const statuses: unknown[] = [];
    const alice = devPair('Alice');
    node.submit(signedHex(runtime, node, alice, recordCall(runtime, 'lost'), 0), (status) =>
      statuses.push(status),
    );
    const announced = vi.fn();
    node.on('block', announced);
    await expect(node.buildBlock()).rejects.toThrow(ChainHaltedError);
    expect(node.halted?.message).toBe(
      'block production stopped: could not write block #1 to chain.journal: EMFILE',
    );
    expect(errors).toHaveBeenCalledWith(
      'devnet: chain: block production stopped: could not write block #1 to chain.journal: EMFILE',
    );
    expect(node.best.number).toBe(0);
    expect(announced).not.toHaveBeenCalled();
    expect(statuses).toEqual([]);
    // Nothing more is taken or built.
    expect(() =>
      node.submit(signedHex(runtime, node, devPair('Bob'), recordCall(runtime, 'x'), 0)),
    ).toThrow(/block production stopped/);
    await expect(node.buildBlock()).rejects.toThrow(/block production stopped/);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('writes dev_setStorage changes as part of the next block', async () => {
    const node = await newNode();
    const [key, value] = eveDatalogIndex(7);
    node.setStorage([[key, value]]);
    const block = await node.buildBlock();
    expect(block.changes.get(key)).toBe(value);
    expect(node.best.state.get(key)).toBe(value);
    expect(blockRecord(block, block.changes).changes).toContainEqual([key, value]);
    // Applied once: the block after does not repeat it.
    expect((await node.buildBlock()).changes.has(key)).toBe(false);
    await node.stop();
  });

  it('keeps a time travel and storage change that arrive while a block is written for the next', async () => {
    const node = await newNode();
    const [key, value] = eveDatalogIndex(3);
    let release: (() => void) | null = null;
    node.attachSink({
      block: () =>
        release === null
          ? new Promise<void>((resolve) => {
              release = resolve;
            })
          : undefined,
      finalized: () => {},
    });
    const travel = 1_800_000_000_000n;
    node.timeTravel(travel);
    const writing = node.buildBlock();
    await vi.waitFor(() => expect(release).not.toBeNull());
    node.timeTravel(travel + 60_000n);
    node.setStorage([[key, value]]);
    release!();
    const first = await writing;
    expect(first.timestamp).toBe(travel);
    expect(first.changes.has(key)).toBe(false);
    const second = await node.buildBlock();
    expect(second.timestamp).toBe(travel + 60_000n);
    expect(second.changes.get(key)).toBe(value);
    await node.stop();
  });
});

describe('chain node: archive', () => {
  it('keeps every block and the state of each, rebuilt from checkpoints', async () => {
    const node = await newNode();
    const alice = devPair('Alice');
    const total = KEPT_STATES + 2 * STATE_CHECKPOINT_EVERY + 10;
    const snapshots = new Map<number, StateMap>();
    const watched = new Set([1, 5, STATE_CHECKPOINT_EVERY, STATE_CHECKPOINT_EVERY + 7, 400]);
    for (let n = 1; n <= total; n++) {
      if (n % 50 === 0)
        node.submit(signedHex(runtime, node, alice, recordCall(runtime, `r${n}`), n / 50 - 1));
      const block = await node.buildBlock();
      if (watched.has(n)) snapshots.set(n, new Map(block.state));
    }
    expect(node.best.number).toBe(total);
    for (let n = 0; n <= total; n++) {
      const hash = node.hashByNumber.get(n);
      expect(hash, `block #${n}`).toBeDefined();
      expect(node.blocks.get(hash!)?.number).toBe(n);
    }
    for (const [n, snapshot] of snapshots) {
      const state = node.blocks.get(node.hashByNumber.get(n)!)!.state;
      expect(new Map(state), `state of #${n}`).toEqual(snapshot);
    }
    const numberKey = runtime.key('system', 'number');
    const numberAt = (n: number) =>
      runtime.decode('u32', node.blocks.get(node.hashByNumber.get(n)!)!.state.get(numberKey)!);
    expect(Number(numberAt(12))).toBe(12);

    // A node restored from the blocks' records has the same chain and states.
    const restored = await ChainNode.create(runtime);
    const records = [...Array(total + 1).keys()].map((n) => {
      const block = node.blocks.get(node.hashByNumber.get(n)!)!;
      return blockRecord(block, block.changes);
    });
    restored.restore(node.genesisHash, records, node.finalized.hash);
    expect(restored.best.hash).toBe(node.best.hash);
    expect(new Map(restored.best.state)).toEqual(new Map(node.best.state));
    expect(new Map(restored.blocks.get(node.hashByNumber.get(5)!)!.state)).toEqual(
      snapshots.get(5),
    );
    await node.stop();
  });
});

describe('chain node: runtime upgrade', () => {
  it('applies an upgrade in the next block, drops stale transactions and keeps it across a restart', async () => {
    const node = await newNode();
    await node.buildBlock();
    const dave = devPair('Dave');
    const statuses: unknown[] = [];
    // Held until after the upgrade: signed for spec 43, it no longer verifies under 44.
    node.submit(signedHex(runtime, node, dave, recordCall(runtime, 'old'), 0), (status) =>
      statuses.push(status),
    );
    node.scheduleUpgrade({ specVersion: 44, constants: { RWS: { MinimalBid: 3_000_000_000 } } });
    expect(() => node.scheduleUpgrade({ specVersion: 45 })).toThrow('already waiting');
    const upgraded = await node.buildBlock();
    expect(statuses).toEqual(['invalid']);
    expect(node.runtimeAt(upgraded).version.specVersion).toBe(44);
    expect(node.runtimeAt({ number: upgraded.number - 1 }).version.specVersion).toBe(43);
    expect(node.runtime.decorated.consts.rws!.minimalBid!.toString()).toBe('3000000000');
    expect(() => node.scheduleUpgrade({ specVersion: 44 })).toThrow('above 44');
    await node.buildBlock();

    const restored = await ChainNode.create(runtime);
    const records = [...Array(node.best.number + 1).keys()].map((n) => {
      const block = node.blocks.get(node.hashByNumber.get(n)!)!;
      return blockRecord(block, block.changes);
    });
    restored.restore(node.genesisHash, records, node.finalized.hash);
    expect(restored.runtime.version.specVersion).toBe(44);
    expect(restored.runtimeAt({ number: upgraded.number - 1 }).version.specVersion).toBe(43);
    expect(restored.runtime.decorated.consts.rws!.minimalBid!.toString()).toBe('3000000000');
    await node.stop();
  });

  it('leaves a call out (as spec 42 lacks rws.transfer) and a later upgrade brings it back', async () => {
    const node = await newNode();
    const transferIndex = runtime.decorated.tx.rws!.transfer!.callIndex[1]!;
    expect(() => node.scheduleUpgrade({ specVersion: 44, withoutCalls: ['RWS.give'] })).toThrow(
      'no call RWS.give',
    );
    node.scheduleUpgrade({
      specVersion: 44,
      constants: { RWS: { MinimalBid: 3_000_000_000 } },
      withoutCalls: ['RWS.transfer'],
    });
    await node.buildBlock();
    const lacking = node.runtime;
    expect(lacking.decorated.tx.rws!.transfer).toBeUndefined();
    // The other calls keep their indices: a bid still decodes as before.
    expect(lacking.decorated.tx.rws!.bid!.callIndex).toEqual(
      runtime.decorated.tx.rws!.bid!.callIndex,
    );
    // A transfer signed with the genesis runtime's call index no longer decodes (1002).
    const transfer = makeCall(runtime, 'RWS', transferIndex, {
      target: devPair('Eve').address,
    });
    expect(() => node.submit(signedHex(runtime, node, devPair('Dave'), transfer, 0))).toThrow(
      expect.objectContaining({ code: 1002 }),
    );

    node.scheduleUpgrade({ specVersion: 45 });
    await node.buildBlock();
    expect(node.runtime.decorated.tx.rws!.transfer!.callIndex[1]).toBe(transferIndex);
    // Constants changed by the upgrade that left the call out stay.
    expect(node.runtime.decorated.consts.rws!.minimalBid!.toString()).toBe('3000000000');
    await node.stop();
  });
});
