import { hexToU8a, stringToU8a, u8aConcat } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import type { Block } from '../../blocks/block.ts';
import type { Runtime } from '../../runtime/runtime.ts';
import { badParams, hashParam, hexParam, RpcError } from '../params.ts';
import {
  call,
  type MethodContext,
  type MethodEntries,
  type RpcConnection,
  type Subscription,
  subscribe,
} from '../table.ts';
import { runtimeApi } from './runtime-api.ts';

/** The bounds of chainHead_v1 (see docs/json-rpc.md). */
export interface ChainHeadLimits {
  /**
   * chainHead_v1_follow subscriptions per connection (the JSON-RPC spec requires at least 2,
   * docs/json-rpc.md).
   */
  maxFollowsPerConnection: number;
  /** Blocks one follow subscription may keep pinned before it is stopped. */
  maxPinnedBlocks: number;
  /** Operations in progress per follow subscription (each storage item counts as one). */
  maxOperations: number;
  /** Storage items per operationStorageItems event before waiting for chainHead_v1_continue. */
  storageItemsPerStep: number;
}

export const DEFAULT_CHAIN_HEAD_LIMITS: ChainHeadLimits = {
  maxFollowsPerConnection: 4,
  maxPinnedBlocks: 512,
  maxOperations: 16,
  storageItemsPerStep: 256,
};

/** Finalized blocks `initialized` reports: about a minute of them at 6-second blocks. */
const REPORTED_FINALIZED = 10;

/** The error codes of the new JSON-RPC interface. */
const TOO_MANY_FOLLOWS = -32800;
const INVALID_BLOCK = -32801;
const NO_RUNTIME = -32802;
const NOT_WAITING = -32803;
const DUPLICATE_HASHES = -32804;

const STORAGE_TYPES = new Set([
  'value',
  'hash',
  'closestDescendantMerkleValue',
  'descendantsValues',
  'descendantsHashes',
]);

type StorageType =
  | 'value'
  | 'hash'
  | 'closestDescendantMerkleValue'
  | 'descendantsValues'
  | 'descendantsHashes';

interface Operation {
  id: string;
  /** Operation slots it holds (its storage items, or one). */
  slots: number;
  stopped: boolean;
  /** Set while the operation waits for chainHead_v1_continue. */
  resume: (() => void) | null;
}

interface Follow {
  sub: Subscription;
  connection: RpcConnection;
  withRuntime: boolean;
  pinned: Set<string>;
  operations: Map<string, Operation>;
  nextOperation: number;
  /** Slots held by operations in progress. */
  busy: number;
  /** The number of the last block reported as finalized. */
  finalizedNumber: number;
  detach: () => void;
}

/** The runtime of a block as follow events describe it (apis as an object of hash → version). */
export function runtimeSpec(runtime: Runtime) {
  const { specName, implName, specVersion, implVersion, transactionVersion } = runtime.version;
  return {
    type: 'valid',
    spec: {
      specName,
      implName,
      specVersion,
      implVersion,
      transactionVersion,
      apis: Object.fromEntries(runtime.apis),
    },
  };
}

/**
 * chainHead_v1_*: following the head of the chain with pinned blocks, and the operations
 * (body, call, storage) on pinned blocks, reported as events of the follow subscription.
 */
export function chainHeadMethods(
  context: MethodContext,
  limits: ChainHeadLimits = DEFAULT_CHAIN_HEAD_LIMITS,
): MethodEntries {
  const { node, hooks } = context;
  const stateCall = runtimeApi(context);
  const follows = new Map<string, Follow>();

  /** The follow subscription of this connection by id, or undefined (invalid or stale). */
  const followOf = (id: unknown, connection: RpcConnection): Follow | undefined => {
    if (typeof id !== 'string') throw badParams('followSubscription must be a string');
    const follow = follows.get(id);
    return follow && follow.connection === connection ? follow : undefined;
  };

  const pinnedBlock = (follow: Follow, hash: unknown): Block => {
    const wanted = hashParam(hash, 'block hash');
    const block = follow.pinned.has(wanted) ? node.blocks.get(wanted) : undefined;
    if (!block) throw new RpcError(INVALID_BLOCK, 'Invalid block hash');
    return block;
  };

  const send = (follow: Follow, event: Record<string, unknown>) => hooks.notify(follow.sub, event);

  const end = (follow: Follow) => {
    follow.detach();
    for (const op of follow.operations.values()) op.stopped = true;
    follow.operations.clear();
    follows.delete(follow.sub.id);
  };

  /** Pins a block for the subscription; past the limit the subscription stops. */
  const pin = (follow: Follow, hash: string): boolean => {
    follow.pinned.add(hash);
    if (follow.pinned.size <= limits.maxPinnedBlocks) return true;
    send(follow, { event: 'stop' });
    end(follow);
    hooks.end(follow.sub);
    return false;
  };

  const newBlockEvent = (follow: Follow, block: Block) => {
    const event: Record<string, unknown> = {
      event: 'newBlock',
      blockHash: block.hash,
      parentBlockHash: block.parentHash,
    };
    if (follow.withRuntime) {
      const runtime = node.runtimeAt(block);
      event.newRuntime =
        block.number > 0 && runtime !== node.runtimeAt({ number: block.number - 1 })
          ? runtimeSpec(runtime)
          : null;
    }
    return event;
  };

  /** Starts an operation holding `slots` of the subscription's operation slots. */
  const startOperation = (follow: Follow, slots: number): Operation => {
    const op: Operation = {
      id: String(follow.nextOperation++),
      slots,
      stopped: false,
      resume: null,
    };
    follow.busy += slots;
    follow.operations.set(op.id, op);
    return op;
  };

  const finishOperation = (follow: Follow, op: Operation) => {
    if (!follow.operations.delete(op.id)) return;
    follow.busy -= op.slots;
  };

  const freeSlots = (follow: Follow) => limits.maxOperations - follow.busy;

  /** Runs an operation's work after the reply that names it, unless it was stopped. */
  const later = (follow: Follow, op: Operation, work: () => Record<string, unknown>) => {
    setImmediate(() => {
      if (op.stopped || !follows.has(follow.sub.id)) return;
      const event = work();
      finishOperation(follow, op);
      send(follow, { ...event, operationId: op.id });
    });
  };

  const follow = subscribe(([withRuntime], sub) => {
    sub.notification = 'chainHead_v1_followEvent';
    if (typeof withRuntime !== 'boolean') throw badParams('withRuntime must be true or false');
    let mine = 0;
    for (const other of follows.values()) if (other.connection === sub.connection) mine += 1;
    if (mine >= limits.maxFollowsPerConnection) {
      throw new RpcError(TOO_MANY_FOLLOWS, 'Maximum number of chainHead_follow has been reached');
    }
    const state: Follow = {
      sub,
      connection: sub.connection,
      withRuntime,
      pinned: new Set(),
      operations: new Map(),
      nextOperation: 1,
      busy: 0,
      finalizedNumber: 0,
      detach: () => {},
    };
    follows.set(sub.id, state);
    sub.stop = () => end(state);
    setImmediate(() => {
      if (!follows.has(sub.id)) return;
      const finalized = node.finalized;
      state.finalizedNumber = finalized.number;
      // About a minute of finalized blocks (as the JSON-RPC spec suggests, docs/json-rpc.md),
      // within the pin limit: clients that resubscribe find their blocks, and dedot waits to know a
      // finalized block's parent.
      const count = Math.max(
        1,
        Math.min(REPORTED_FINALIZED, Math.floor(limits.maxPinnedBlocks / 2), finalized.number + 1),
      );
      const finalizedHashes: string[] = [];
      for (let n = finalized.number - count + 1; n <= finalized.number; n++) {
        finalizedHashes.push(node.hashByNumber.get(n)!);
      }
      for (const hash of finalizedHashes) state.pinned.add(hash);
      send(state, {
        event: 'initialized',
        finalizedBlockHashes: finalizedHashes,
        ...(withRuntime ? { finalizedBlockRuntime: runtimeSpec(node.runtimeAt(finalized)) } : {}),
      });
      for (let n = finalized.number + 1; n <= node.best.number; n++) {
        const block = node.blocks.get(node.hashByNumber.get(n)!)!;
        send(state, newBlockEvent(state, block));
        if (!pin(state, block.hash)) return;
      }
      send(state, { event: 'bestBlockChanged', bestBlockHash: node.best.hash });
      const onBlock = (block: Block) => {
        send(state, newBlockEvent(state, block));
        if (!pin(state, block.hash)) return;
        send(state, { event: 'bestBlockChanged', bestBlockHash: block.hash });
      };
      const onFinalized = (block: Block) => {
        const hashes: string[] = [];
        for (let n = state.finalizedNumber + 1; n <= block.number; n++) {
          hashes.push(node.hashByNumber.get(n)!);
        }
        state.finalizedNumber = block.number;
        if (hashes.length > 0) {
          send(state, { event: 'finalized', finalizedBlockHashes: hashes, prunedBlockHashes: [] });
        }
      };
      node.on('block', onBlock);
      node.on('finalized', onFinalized);
      state.detach = () => {
        node.off('block', onBlock);
        node.off('finalized', onFinalized);
      };
    });
  });

  /** The storage items one requested item yields, in key order. */
  function* storageItems(
    block: Block,
    key: string,
    type: StorageType,
  ): Generator<Record<string, string>> {
    const state = block.state;
    if (type === 'value' || type === 'hash') {
      const value = state.get(key);
      if (value === undefined || value === null) return;
      yield type === 'value' ? { key, value } : { key, hash: blake2AsHex(hexToU8a(value), 256) };
      return;
    }
    const under = [...state.keys()].filter((k) => k.startsWith(key)).sort();
    if (type === 'closestDescendantMerkleValue') {
      // No trie here: a digest of every key and value under the key stands in for the node's
      // Merkle value, changing exactly when something under the key changes.
      if (under.length === 0) return;
      const digest = blake2AsHex(
        u8aConcat(...under.map((k) => stringToU8a(`${k}=${state.get(k)}`))),
        256,
      );
      yield { key, closestDescendantMerkleValue: digest };
      return;
    }
    for (const k of under) {
      const value = state.get(k)!;
      yield type === 'descendantsValues'
        ? { key: k, value }
        : { key: k, hash: blake2AsHex(hexToU8a(value), 256) };
    }
  }

  const runStorage = (
    follow: Follow,
    op: Operation,
    block: Block,
    items: { key: string; type: StorageType }[],
  ) => {
    const all = (function* () {
      for (const item of items) yield* storageItems(block, item.key, item.type);
    })();
    let next = all.next();
    const step = () => {
      if (op.stopped || !follows.has(follow.sub.id)) return;
      const page: Record<string, string>[] = [];
      while (!next.done && page.length < limits.storageItemsPerStep) {
        page.push(next.value);
        next = all.next();
      }
      if (page.length > 0) {
        send(follow, { event: 'operationStorageItems', operationId: op.id, items: page });
      }
      if (!next.done) {
        op.resume = () => {
          op.resume = null;
          setImmediate(step);
        };
        send(follow, { event: 'operationWaitingForContinue', operationId: op.id });
        return;
      }
      finishOperation(follow, op);
      send(follow, { event: 'operationStorageDone', operationId: op.id });
    };
    setImmediate(step);
  };

  const operationParam = (id: unknown): string => {
    if (typeof id !== 'string') throw badParams('operationId must be a string');
    return id;
  };

  return [
    ['chainHead_v1_follow', follow],
    [
      'chainHead_v1_unfollow',
      call(([id], connection) => {
        const state = followOf(id, connection);
        if (state) {
          end(state);
          hooks.end(state.sub);
        }
        return null;
      }),
    ],
    [
      'chainHead_v1_header',
      call(([id, hash], connection) => {
        const state = followOf(id, connection);
        if (!state) {
          hashParam(hash, 'block hash');
          return null;
        }
        return pinnedBlock(state, hash).headerHex;
      }),
    ],
    [
      'chainHead_v1_body',
      call(([id, hash], connection) => {
        const state = followOf(id, connection);
        if (!state) return { result: 'limitReached' };
        const block = pinnedBlock(state, hash);
        if (freeSlots(state) < 1) return { result: 'limitReached' };
        const op = startOperation(state, 1);
        later(state, op, () => ({ event: 'operationBodyDone', value: [...block.extrinsics] }));
        return { result: 'started', operationId: op.id };
      }),
    ],
    [
      'chainHead_v1_call',
      call(([id, hash, fn, parameters], connection) => {
        const state = followOf(id, connection);
        if (!state) return { result: 'limitReached' };
        const block = pinnedBlock(state, hash);
        if (typeof fn !== 'string' || fn.length === 0 || fn.length > 256) {
          throw badParams('function must be a runtime entry point name');
        }
        // No input may be given as an empty string (polkadot-api does), as a node accepts it.
        const data = parameters === '' ? '0x' : hexParam(parameters, 'callParameters');
        if (!state.withRuntime) {
          throw new RpcError(
            NO_RUNTIME,
            'The follow subscription was started with withRuntime false',
          );
        }
        if (freeSlots(state) < 1) return { result: 'limitReached' };
        const op = startOperation(state, 1);
        later(state, op, () => {
          try {
            return { event: 'operationCallDone', output: stateCall(fn, data, block) };
          } catch (error) {
            return { event: 'operationError', error: (error as Error).message };
          }
        });
        return { result: 'started', operationId: op.id };
      }),
    ],
    [
      'chainHead_v1_storage',
      call(([id, hash, items, childTrie], connection) => {
        const state = followOf(id, connection);
        if (!Array.isArray(items)) throw badParams('items must be an array');
        const wanted = items.map((item) => {
          const { key, type } = (item ?? {}) as { key?: unknown; type?: unknown };
          if (typeof type !== 'string' || !STORAGE_TYPES.has(type)) {
            throw badParams(`type must be one of ${[...STORAGE_TYPES].join(', ')}`);
          }
          return { key: hexParam(key, 'key'), type: type as StorageType };
        });
        if (childTrie !== undefined && childTrie !== null) hexParam(childTrie, 'childTrie');
        if (!state) return { result: 'limitReached' };
        const block = pinnedBlock(state, hash);
        const accepted = Math.min(wanted.length, freeSlots(state));
        if (accepted === 0 && wanted.length > 0) return { result: 'limitReached' };
        const op = startOperation(state, accepted);
        // The chain has no child tries: a child trie query finds nothing.
        const taken =
          childTrie === undefined || childTrie === null ? wanted.slice(0, accepted) : [];
        runStorage(state, op, block, taken);
        return { result: 'started', operationId: op.id, discardedItems: wanted.length - accepted };
      }),
    ],
    [
      'chainHead_v1_continue',
      call(([id, operation], connection) => {
        const state = followOf(id, connection);
        const op = state?.operations.get(operationParam(operation));
        if (!op) return null;
        if (!op.resume) {
          throw new RpcError(NOT_WAITING, 'Operation is not waiting for a continue call');
        }
        op.resume();
        return null;
      }),
    ],
    [
      'chainHead_v1_stopOperation',
      call(([id, operation], connection) => {
        const state = followOf(id, connection);
        const op = state?.operations.get(operationParam(operation));
        if (state && op) {
          op.stopped = true;
          finishOperation(state, op);
        }
        return null;
      }),
    ],
    [
      'chainHead_v1_unpin',
      call(([id, hashOrHashes], connection) => {
        const list = Array.isArray(hashOrHashes) ? hashOrHashes : [hashOrHashes];
        const hashes = list.map((h) => hashParam(h, 'block hash'));
        const state = followOf(id, connection);
        if (!state) return null;
        if (new Set(hashes).size !== hashes.length) {
          throw new RpcError(DUPLICATE_HASHES, 'Received duplicate hashes for the unpin method');
        }
        if (hashes.some((h) => !state.pinned.has(h))) {
          throw new RpcError(INVALID_BLOCK, 'Invalid block hash');
        }
        for (const h of hashes) state.pinned.delete(h);
        return null;
      }),
    ],
  ];
}
