import { beforeAll, describe, expect, it } from 'vitest';
import { ChainNode } from '../node/node.ts';
import { robonomicsDescription } from '../pallets/robonomics.ts';
import { Runtime } from '../runtime/runtime.ts';
import { chainMethods } from './method-table.ts';
import type { RpcConnection, Subscription } from './table.ts';

let methods: ReturnType<typeof chainMethods>;
const tool: RpcConnection = { origin: undefined, devAllowed: true };

beforeAll(async () => {
  const node = await ChainNode.create(new Runtime(robonomicsDescription({})), {});
  node.initGenesis(1_700_000_000_000n);
  methods = chainMethods(node, {
    newBlocks: async () => node.best.hash,
    holdBlocks: () => {},
    notify: () => {},
    end: () => {},
  });
});

describe('the JSON-RPC method table', () => {
  it('lists in rpc_methods exactly the methods it answers', async () => {
    const entry = methods.get('rpc_methods');
    expect(entry?.kind).toBe('call');
    const { methods: listed } = (await (
      entry as { handle: (p: unknown[], c: RpcConnection) => unknown }
    ).handle([], tool)) as { methods: string[] };
    expect(listed).toEqual([...methods.keys()].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('answers the methods the clients call, with the kind they expect', () => {
    const kinds = (names: string[]) => names.map((name) => methods.get(name)?.kind);
    expect(
      kinds(['chain_getBlockHash', 'state_call', 'state_callAt', 'state_getKeysPagedAt']),
    ).toEqual(['call', 'call', 'call', 'call']);
    expect(
      kinds([
        'chain_subscribeNewHead',
        'chain_subscribeNewHeads',
        'author_submitAndWatchExtrinsic',
      ]),
    ).toEqual(['subscribe', 'subscribe', 'subscribe']);
    expect(kinds(['chain_unsubscribeNewHead', 'author_unwatchExtrinsic'])).toEqual([
      'unsubscribe',
      'unsubscribe',
    ]);
    // Every subscription can be ended by a method of its own namespace (in the new interface
    // a call answering null: chainHead_v1_unfollow, transactionWatch_v1_unwatch).
    for (const [name, method] of methods) {
      if (method.kind !== 'subscribe') continue;
      const [namespace] = name.split('_');
      const ends = [...methods].filter(
        ([other, m]) =>
          other.startsWith(`${namespace}_`) &&
          (m.kind === 'unsubscribe' || /_v1_(unfollow|unwatch)$/.test(other)),
      );
      expect(ends.length, name).toBeGreaterThan(0);
    }
  });

  it('gives the old names of state_call and state_getKeysPaged the same answers', async () => {
    const handle = (name: string) =>
      (methods.get(name) as { handle: (p: unknown[], c: RpcConnection) => unknown }).handle;
    expect(await handle('state_callAt')(['Core_version', '0x'], tool)).toBe(
      await handle('state_call')(['Core_version', '0x'], tool),
    );
    expect(await handle('state_getKeysPagedAt')(['0x', 5], tool)).toEqual(
      await handle('state_getKeysPaged')(['0x', 5], tool),
    );
  });

  it('starts a storage subscription with the keys asked for', () => {
    const sub: Subscription = { id: '1', connection: tool, notification: '' };
    const start = (
      methods.get('state_subscribeStorage') as { start: (p: unknown[], s: Subscription) => void }
    ).start;
    start([['0x26aa394eea5630e07c48ae0c9558cef7']], sub);
    expect(sub.notification).toBe('state_storage');
    expect(sub.keys).toEqual(['0x26aa394eea5630e07c48ae0c9558cef7']);
  });
});
