import { hexToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import type { Block } from '../../blocks/block.ts';
import { badParams, hexParam, RpcError } from '../params.ts';
import {
  call,
  type Handler,
  type MethodContext,
  type MethodEntries,
  subscribe,
  UNSUBSCRIBE,
} from '../table.ts';
import { runtimeApi } from './runtime-api.ts';

/** state_getKeysPaged's largest page, as a node's. */
const MAX_KEYS_PAGE = 1000;

const keysUnder = (block: Block, prefix: string, after = '') =>
  [...block.state.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();

/**
 * Each runtime's metadata as hex, made once: every first visit asks for it, and encoding its
 * 176 KB again took 5–9 ms of the node's one thread, where a real node answers from memory.
 */
const metadataHex = new WeakMap<Uint8Array, string>();
function metadataHexOf(bytes: Uint8Array): string {
  let hex = metadataHex.get(bytes);
  if (hex === undefined) {
    hex = u8aToHex(bytes);
    metadataHex.set(bytes, hex);
  }
  return hex;
}

/** state_*: storage, metadata, runtime version, runtime API calls and their subscriptions. */
export function stateMethods(context: MethodContext): MethodEntries {
  const { node, hooks, runtimeVersion, blockOf } = context;
  const stateCall = runtimeApi(context);
  const storage: Handler = ([key, hash]) => blockOf(hash).state.get(hexParam(key, 'key')) ?? null;
  const keysPaged: Handler = ([prefix, count, start, hash]) => {
    const p = prefix === null || prefix === undefined ? '0x' : hexParam(prefix, 'prefix');
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      throw badParams('count must be a whole number');
    }
    if (count > MAX_KEYS_PAGE) {
      throw new RpcError(
        4002,
        `count exceeds maximum value. value: ${count}, max: ${MAX_KEYS_PAGE}`,
      );
    }
    const after = start === null || start === undefined ? '' : hexParam(start, 'start key');
    return keysUnder(blockOf(hash), p, after).slice(0, count);
  };
  const runtimeCall: Handler = ([method, data, hash]) => {
    if (typeof method !== 'string' || method.length > 256)
      throw badParams('expected a method name');
    return stateCall(method, hexParam(data ?? '0x', 'data'), blockOf(hash));
  };
  return [
    ['state_getRuntimeVersion', call(([hash]) => runtimeVersion(blockOf(hash)))],
    [
      'state_getMetadata',
      call(([hash]) => metadataHexOf(node.runtimeAt(blockOf(hash)).metadataBytes)),
    ],
    ['state_getStorage', call(storage)],
    ['state_getStorageAt', call(storage)],
    [
      'state_getStorageHash',
      call(([key, hash]) => {
        // The blake2-256 hash of the value, not the value (docs/devnet.md).
        const value = blockOf(hash).state.get(hexParam(key, 'key'));
        return value ? blake2AsHex(hexToU8a(value), 256) : null;
      }),
    ],
    [
      'state_getStorageSize',
      call(([key, hash]) => {
        const value = blockOf(hash).state.get(hexParam(key, 'key'));
        return value ? (value.length - 2) / 2 : null;
      }),
    ],
    [
      'state_queryStorageAt',
      call(([keys, hash]) => {
        if (!Array.isArray(keys)) throw badParams('expected a list of keys');
        const wanted = keys.map((k) => hexParam(k, 'key'));
        const block = blockOf(hash);
        return [{ block: block.hash, changes: wanted.map((k) => [k, block.state.get(k) ?? null]) }];
      }),
    ],
    [
      'state_getKeys',
      call(([prefix, hash]) => keysUnder(blockOf(hash), hexParam(prefix, 'prefix'))),
    ],
    ['state_getKeysPaged', call(keysPaged)],
    // The older names of the same methods, which a node still answers.
    ['state_getKeysPagedAt', call(keysPaged)],
    ['state_call', call(runtimeCall)],
    ['state_callAt', call(runtimeCall)],
    [
      'state_subscribeRuntimeVersion',
      subscribe((_, sub) => {
        sub.notification = 'state_runtimeVersion';
        setImmediate(() => hooks.notify(sub, runtimeVersion()));
      }),
    ],
    [
      'state_subscribeStorage',
      subscribe(([keys], sub) => {
        sub.notification = 'state_storage';
        if (keys !== undefined && keys !== null && !Array.isArray(keys)) {
          throw badParams('expected a list of keys');
        }
        sub.keys = (keys as unknown[] | undefined)?.map((k) => hexParam(k, 'key'));
        const block = node.best;
        const initial = (sub.keys ?? []).map((k) => [k, block.state.get(k) ?? null]);
        setImmediate(() => hooks.notify(sub, { block: block.hash, changes: initial }));
      }),
    ],
    ['state_unsubscribeRuntimeVersion', UNSUBSCRIBE],
    ['state_unsubscribeStorage', UNSUBSCRIBE],
  ];
}
