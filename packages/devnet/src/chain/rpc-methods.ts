import type { Call } from '@polkadot/types/interfaces';
import { compactFromU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import { callOfExtrinsic } from './extrinsic.ts';
import type { Block, ChainNode, TxStatus } from './node.ts';
import { readAccount } from './pallets/balances.ts';
import {
  accountParam,
  badParams,
  blockNumberParam,
  extrinsicParam,
  hexParam,
  optionalHash,
  RpcError,
} from './rpc-params.ts';

/** One client connection, as the methods see it. */
export interface RpcConnection {
  /** The page's origin, or undefined for a tool (no Origin header). */
  origin: string | undefined;
  /** Whether dev_* methods may be called on this connection. */
  devAllowed: boolean;
}

/** A subscription: its id, the notification method, and how it ends. */
export interface Subscription {
  id: string;
  connection: RpcConnection;
  /** The notification's `method` (chain_newHead…). */
  notification: string;
  /** state_subscribeStorage: the keys (none: every key). */
  keys?: string[];
  stop?: () => void;
}

export interface MethodHooks {
  /** Called after a transaction was pooled (instant seal). */
  onSubmit?: () => void;
  /** dev_newBlock: builds `count` blocks and answers the last hash. */
  newBlocks: (count: number) => Promise<string>;
  /** dev_holdBlocks: holds block production (true) or releases it (false). */
  holdBlocks: (held: boolean) => void;
  /** Sends a notification of a subscription to its connection. */
  notify(sub: Subscription, result: unknown): void;
  /** Ends a subscription (after its last notification). */
  end(sub: Subscription): void;
}

export type Handler = (params: unknown[], connection: RpcConnection) => unknown;
export type Starter = (params: unknown[], sub: Subscription) => void;

/** OpaqueMetadata: the bytes with a compact length prefix. */
const opaque = (bytes: Uint8Array) => u8aToHex(u8aConcat(compactToU8a(bytes.length), bytes));

/** A node's answer to a runtime call that failed (the input did not decode, for example). */
const executionFailed = (why: string) =>
  new RpcError(-32000, `Client error: Execution failed: ${why}`);

/** state_getKeysPaged's largest page, as a node's. */
const MAX_KEYS_PAGE = 1000;

/**
 * The legacy JSON-RPC methods of a Substrate node, as @polkadot/api and dedot call them, over
 * the devnet's chain. Tables are Maps: a method name is only ever one of these keys, never a
 * property inherited from Object.prototype.
 */
export function chainMethods(node: ChainNode, hooks: MethodHooks) {
  const { runtime } = node;
  const runtimeVersion = () => ({ ...runtime.version, apis: runtime.apis });
  /** A transaction longer than this cannot go into a block (the prefix and version aside). */
  const maxExtrinsicBytes = runtime.blockLimits.normalLength + 5;

  const blockOf = (hash: unknown): Block => {
    const wanted = optionalHash(hash);
    if (wanted === null) return node.best;
    const block = node.blocks.get(wanted);
    if (!block) {
      throw new RpcError(4003, `Client error: UnknownBlock: State already discarded for ${wanted}`);
    }
    return block;
  };

  /** The version of a runtime API the chain implements, 0 when it has none of that name. */
  const apiVersion = (name: string): number =>
    runtime.apis.find(([id]) => id === blake2AsHex(name, 64))?.[1] ?? 0;

  const notFound = (method: string) =>
    executionFailed(`Other: Exported method ${method} is not found`);

  const stateCall = (method: string, data: string, block: Block): string => {
    const { registry } = runtime;
    const input = hexToU8a(data);
    switch (method) {
      case 'Core_version':
        return runtime.encode('RuntimeVersion', runtimeVersion());
      case 'Metadata_metadata':
        return opaque(runtime.metadataBytes);
      // Metadata API version 2 added these; older runtimes (Crust's) only have Metadata_metadata.
      case 'Metadata_metadata_versions':
        if (apiVersion('Metadata') < 2) throw notFound(method);
        return runtime.encode('Vec<u32>', [14]);
      case 'Metadata_metadata_at_version': {
        if (apiVersion('Metadata') < 2) throw notFound(method);
        if (input.length !== 4)
          throw executionFailed('Bad input data provided to metadata_at_version');
        const version = registry.createType('u32', input).toNumber();
        return version === 14
          ? u8aToHex(u8aConcat([1], hexToU8a(opaque(runtime.metadataBytes))))
          : '0x00';
      }
      case 'AccountNonceApi_account_nonce': {
        if (input.length !== 32) throw executionFailed('Bad input data provided to account_nonce');
        const who = registry.createType('AccountId32', input).toU8a();
        return runtime.encode('u32', readAccount(node.readContext(block.hash), who).nonce);
      }
      case 'TransactionPaymentApi_query_info':
      case 'TransactionPaymentApi_query_fee_details': {
        let call: Call;
        let length: number;
        try {
          // Input: the extrinsic (with its compact length) ++ u32 length. Decode exactly the
          // extrinsic's bytes: given trailing bytes, the decoder takes the prefix for content.
          const [offset, size] = compactFromU8a(input);
          if (offset + size.toNumber() + 4 !== input.length) throw new Error('wrong input length');
          call = callOfExtrinsic(runtime, input.subarray(offset, offset + size.toNumber()));
          length = registry.createType('u32', input.slice(input.length - 4)).toNumber();
        } catch (error) {
          throw executionFailed(`Could not decode extrinsic: ${(error as Error).message}`);
        }
        const fee = runtime.logic.inclusionFee(call, length);
        if (method === 'TransactionPaymentApi_query_info') {
          // Version 1 of the API (pre-2022 runtimes) reports the weight as one u64.
          const v1 = apiVersion('TransactionPaymentApi') < 2;
          return runtime.encode(v1 ? 'RuntimeDispatchInfoV1' : 'RuntimeDispatchInfoV2', {
            weight: v1
              ? fee.weight.refTime
              : { refTime: fee.weight.refTime, proofSize: fee.weight.proofSize },
            class: 'Normal',
            partialFee: fee.total,
          });
        }
        return runtime.encode('FeeDetails', {
          inclusionFee: runtime.logic.paysFee(call)
            ? { baseFee: fee.baseFee, lenFee: fee.lenFee, adjustedWeightFee: fee.adjustedWeightFee }
            : null,
        });
      }
      default:
        throw notFound(method);
    }
  };

  const keysUnder = (block: Block, prefix: string, after = '') =>
    [...block.state.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();

  const handlers = new Map<string, Handler>([
    ['rpc_methods', () => ({ methods: [...METHOD_NAMES] })],
    ['system_chain', () => runtime.description.chainName],
    ['system_name', () => runtime.description.nodeName],
    ['system_version', () => runtime.description.nodeVersion],
    ['system_chainType', () => 'Development'],
    ['system_properties', () => ({ ...runtime.properties })],
    ['system_health', () => ({ peers: 0, isSyncing: false, shouldHavePeers: false })],
    ['system_localPeerId', () => '12D3KooWDevnetDevnetDevnetDevnetDevnetDevnetDevnet'],
    ['system_nodeRoles', () => ['Authority']],
    ['system_peers', () => []],
    [
      'system_syncState',
      () => ({ startingBlock: 0, currentBlock: node.best.number, highestBlock: node.best.number }),
    ],
    ['system_accountNextIndex', ([address]) => node.nextIndex(accountParam(address))],
    [
      'chain_getBlockHash',
      ([n]) =>
        n === undefined || n === null
          ? node.best.hash
          : (node.hashByNumber.get(blockNumberParam(n)) ?? null),
    ],
    ['chain_getHead', () => node.best.hash],
    [
      'chain_getHeader',
      ([hash]) => {
        const wanted = optionalHash(hash);
        return wanted === null ? node.best.header : (node.blocks.get(wanted)?.header ?? null);
      },
    ],
    [
      'chain_getBlock',
      ([hash]) => {
        const wanted = optionalHash(hash);
        const block = wanted === null ? node.best : node.blocks.get(wanted);
        return block
          ? { block: { header: block.header, extrinsics: block.extrinsics }, justifications: null }
          : null;
      },
    ],
    ['chain_getFinalizedHead', () => node.finalized.hash],
    ['chain_getFinalisedHead', () => node.finalized.hash],
    ['chain_getRuntimeVersion', () => runtimeVersion()],
    [
      'state_getRuntimeVersion',
      ([hash]) => {
        blockOf(hash);
        return runtimeVersion();
      },
    ],
    [
      'state_getMetadata',
      ([hash]) => {
        blockOf(hash);
        return u8aToHex(runtime.metadataBytes);
      },
    ],
    ['state_getStorage', ([key, hash]) => blockOf(hash).state.get(hexParam(key, 'key')) ?? null],
    ['state_getStorageAt', ([key, hash]) => blockOf(hash).state.get(hexParam(key, 'key')) ?? null],
    [
      'state_getStorageHash',
      ([key, hash]) => {
        // The blake2-256 hash of the value, not the value (docs/devnet.md).
        const value = blockOf(hash).state.get(hexParam(key, 'key'));
        return value ? blake2AsHex(hexToU8a(value), 256) : null;
      },
    ],
    [
      'state_getStorageSize',
      ([key, hash]) => {
        const value = blockOf(hash).state.get(hexParam(key, 'key'));
        return value ? (value.length - 2) / 2 : null;
      },
    ],
    [
      'state_queryStorageAt',
      ([keys, hash]) => {
        if (!Array.isArray(keys)) throw badParams('expected a list of keys');
        const wanted = keys.map((k) => hexParam(k, 'key'));
        const block = blockOf(hash);
        return [{ block: block.hash, changes: wanted.map((k) => [k, block.state.get(k) ?? null]) }];
      },
    ],
    ['state_getKeys', ([prefix, hash]) => keysUnder(blockOf(hash), hexParam(prefix, 'prefix'))],
    [
      'state_getKeysPaged',
      ([prefix, count, start, hash]) => {
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
      },
    ],
    [
      'state_call',
      ([method, data, hash]) => {
        if (typeof method !== 'string' || method.length > 256)
          throw badParams('expected a method name');
        return stateCall(method, hexParam(data ?? '0x', 'data'), blockOf(hash));
      },
    ],
    ['author_pendingExtrinsics', () => node.pending],
    [
      'author_submitExtrinsic',
      ([hex]) => {
        const { hash } = node.submit(extrinsicParam(hex, maxExtrinsicBytes));
        hooks.onSubmit?.();
        return hash;
      },
    ],
    [
      'dev_newBlock',
      ([params]) => {
        const count = (params as { count?: unknown } | undefined)?.count ?? 1;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000) {
          throw badParams('count must be a whole number from 1 to 10000');
        }
        return hooks.newBlocks(count);
      },
    ],
    [
      'dev_holdBlocks',
      ([held]) => {
        if (typeof held !== 'boolean') throw badParams('expected true (hold) or false (release)');
        hooks.holdBlocks(held);
        return held;
      },
    ],
    [
      'dev_timeTravel',
      ([date]) => {
        const ms =
          typeof date === 'number'
            ? date
            : typeof date === 'string' && date.length <= 64
              ? Date.parse(date)
              : Number.NaN;
        if (!Number.isFinite(ms) || ms < 0) {
          throw badParams('expected a timestamp in ms or a date string');
        }
        node.timeTravel(BigInt(Math.floor(ms)));
        return Math.floor(ms);
      },
    ],
    [
      'dev_setStorage',
      ([changes]) => {
        const list = Array.isArray(changes)
          ? changes
          : changes && typeof changes === 'object'
            ? Object.entries(changes)
            : null;
        if (!list) throw badParams('expected [[key, value|null], …]');
        const pairs = list.map((entry) => {
          if (!Array.isArray(entry) || entry.length !== 2) {
            throw badParams('each change is [key, value|null]');
          }
          return [
            hexParam(entry[0], 'key'),
            entry[1] === null ? null : hexParam(entry[1], 'value'),
          ] as [string, string | null];
        });
        node.setStorage(pairs);
        return hooks.newBlocks(1);
      },
    ],
  ]);

  const headOf = (method: string) => (_: unknown[], sub: Subscription) => {
    sub.notification = method;
    setImmediate(() =>
      hooks.notify(
        sub,
        method === 'chain_finalizedHead' ? node.finalized.header : node.best.header,
      ),
    );
  };
  const starters = new Map<string, Starter>([
    ['chain_subscribeNewHead', headOf('chain_newHead')],
    ['chain_subscribeNewHeads', headOf('chain_newHead')],
    ['chain_subscribeAllHeads', headOf('chain_allHead')],
    ['chain_subscribeFinalizedHeads', headOf('chain_finalizedHead')],
    ['chain_subscribeFinalisedHeads', headOf('chain_finalizedHead')],
    [
      'state_subscribeRuntimeVersion',
      (_, sub) => {
        sub.notification = 'state_runtimeVersion';
        setImmediate(() => hooks.notify(sub, runtimeVersion()));
      },
    ],
    [
      'state_subscribeStorage',
      ([keys], sub) => {
        sub.notification = 'state_storage';
        if (keys !== undefined && keys !== null && !Array.isArray(keys)) {
          throw badParams('expected a list of keys');
        }
        sub.keys = (keys as unknown[] | undefined)?.map((k) => hexParam(k, 'key'));
        const block = node.best;
        const initial = (sub.keys ?? []).map((k) => [k, block.state.get(k) ?? null]);
        setImmediate(() => hooks.notify(sub, { block: block.hash, changes: initial }));
      },
    ],
    [
      'author_submitAndWatchExtrinsic',
      ([hex], sub) => {
        sub.notification = 'author_extrinsicUpdate';
        const pending: TxStatus[] = [];
        let ready = false;
        const send = (status: TxStatus) => {
          if (!ready) pending.push(status);
          else hooks.notify(sub, status);
          if (
            status === 'invalid' ||
            status === 'dropped' ||
            (typeof status === 'object' && 'finalized' in status)
          ) {
            setTimeout(() => hooks.end(sub), 0);
          }
        };
        const { status } = node.submit(extrinsicParam(hex, maxExtrinsicBytes), send);
        // "ready"/"future" go out right after the id reply, before any later update.
        sub.stop = () => {};
        setImmediate(() => {
          ready = true;
          hooks.notify(sub, status);
          for (const s of pending) hooks.notify(sub, s);
        });
        hooks.onSubmit?.();
      },
    ],
  ]);

  return { handlers, starters };
}

/** Methods that end a subscription by its id. */
export const UNSUBSCRIBE_METHODS = new Set([
  'chain_unsubscribeNewHead',
  'chain_unsubscribeNewHeads',
  'chain_unsubscribeAllHeads',
  'chain_unsubscribeFinalizedHeads',
  'chain_unsubscribeFinalisedHeads',
  'state_unsubscribeRuntimeVersion',
  'state_unsubscribeStorage',
  'author_unwatchExtrinsic',
]);

/** Every method the server answers, as rpc_methods lists them. */
export const METHOD_NAMES: readonly string[] = [
  'author_pendingExtrinsics',
  'author_submitAndWatchExtrinsic',
  'author_submitExtrinsic',
  'author_unwatchExtrinsic',
  'chain_getBlock',
  'chain_getBlockHash',
  'chain_getFinalisedHead',
  'chain_getFinalizedHead',
  'chain_getHead',
  'chain_getHeader',
  'chain_getRuntimeVersion',
  'chain_subscribeAllHeads',
  'chain_subscribeFinalisedHeads',
  'chain_subscribeFinalizedHeads',
  'chain_subscribeNewHead',
  'chain_subscribeNewHeads',
  'chain_unsubscribeAllHeads',
  'chain_unsubscribeFinalisedHeads',
  'chain_unsubscribeFinalizedHeads',
  'chain_unsubscribeNewHead',
  'chain_unsubscribeNewHeads',
  'dev_holdBlocks',
  'dev_newBlock',
  'dev_setStorage',
  'dev_timeTravel',
  'rpc_methods',
  'state_call',
  'state_callAt',
  'state_getKeys',
  'state_getKeysPaged',
  'state_getKeysPagedAt',
  'state_getMetadata',
  'state_getRuntimeVersion',
  'state_getStorage',
  'state_getStorageAt',
  'state_getStorageHash',
  'state_getStorageSize',
  'state_queryStorageAt',
  'state_subscribeRuntimeVersion',
  'state_subscribeStorage',
  'state_unsubscribeRuntimeVersion',
  'state_unsubscribeStorage',
  'system_accountNextIndex',
  'system_chain',
  'system_chainType',
  'system_health',
  'system_localPeerId',
  'system_name',
  'system_nodeRoles',
  'system_peers',
  'system_properties',
  'system_syncState',
  'system_version',
];

export const isDevMethod = (method: string) => method.startsWith('dev_');
