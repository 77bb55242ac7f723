import type { AddressInfo } from 'node:net';
import type { Call } from '@polkadot/types/interfaces';
import { compactFromU8a, compactToU8a, hexToU8a, isHex, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex, decodeAddress } from '@polkadot/util-crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { callOfExtrinsic, PoolError } from './extrinsic.ts';
import type { Block, ChainNode, TxStatus } from './node.ts';
import { readAccount } from './pallets/balances.ts';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** OpaqueMetadata: the bytes with a compact length prefix. */
const opaque = (bytes: Uint8Array) => u8aToHex(u8aConcat(compactToU8a(bytes.length), bytes));

const badParams = (why: string) => new RpcError(-32602, 'Invalid params', why);

export interface RpcServerOptions {
  host: string;
  port: number;
  /** Called after a transaction was pooled (instant seal). */
  onSubmit?: () => void;
  /** dev_newBlock: builds `count` blocks. */
  newBlocks: (count: number) => Promise<string>;
}

interface Subscription {
  id: string;
  socket: WebSocket;
  method: string;
  keys?: string[];
  stop?: () => void;
}

const MAX_PAYLOAD = 16 * 1024 * 1024;

/** Every method the server answers, as rpc_methods lists them. */
const METHODS = [
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

/**
 * Substrate's legacy JSON-RPC over WebSocket, as @polkadot/api and dedot use it (facts §3).
 */
export async function startRpcServer(node: ChainNode, options: RpcServerOptions) {
  const server = new WebSocketServer({
    host: options.host,
    port: options.port,
    maxPayload: MAX_PAYLOAD,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const subscriptions = new Map<string, Subscription>();
  let nextId = 1;
  const newId = () => `${Date.now().toString(36)}${(nextId++).toString(36)}`;

  const notify = (sub: Subscription, result: unknown) => {
    if (sub.socket.readyState !== WebSocket.OPEN) return;
    sub.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: sub.method,
        params: { subscription: sub.id, result },
      }),
    );
  };

  node.on('block', (block: Block) => {
    const parent = node.blocks.get(block.parentHash);
    for (const sub of subscriptions.values()) {
      if (sub.method === 'chain_newHead' || sub.method === 'chain_allHead')
        notify(sub, block.header);
      if (sub.method === 'state_storage') {
        const keys = sub.keys ?? [
          ...new Set([...block.state.keys(), ...(parent?.state.keys() ?? [])]),
        ];
        const changes = keys
          .filter((k) => (block.state.get(k) ?? null) !== (parent?.state.get(k) ?? null))
          .map((k) => [k, block.state.get(k) ?? null]);
        if (changes.length > 0) notify(sub, { block: block.hash, changes });
      }
    }
  });
  node.on('finalized', (block: Block) => {
    for (const sub of subscriptions.values())
      if (sub.method === 'chain_finalizedHead') notify(sub, block.header);
  });

  const blockOf = (hash: unknown): Block => {
    if (hash === undefined || hash === null) return node.best;
    if (typeof hash !== 'string' || !isHex(hash, 256)) throw badParams('expected a block hash');
    const block = node.blocks.get(hash);
    if (!block)
      throw new RpcError(4003, `Client error: UnknownBlock: State already discarded for ${hash}`);
    return block;
  };
  const hexParam = (value: unknown, what: string): string => {
    if (typeof value !== 'string' || !isHex(value))
      throw badParams(`${what} must be 0x-prefixed hex`);
    return value.toLowerCase();
  };

  const { runtime } = node;
  const runtimeVersion = () => ({ ...runtime.version, apis: runtime.apis });
  /** The version of a runtime API the chain implements, 0 when it has none of that name. */
  const apiVersion = (name: string): number =>
    runtime.apis.find(([id]) => id === blake2AsHex(name, 64))?.[1] ?? 0;
  const notFound = (method: string) =>
    new RpcError(
      -32000,
      `Client error: Execution failed: Other: Exported method ${method} is not found`,
    );

  const stateCall = (method: string, data: string, block: Block): string => {
    const { registry } = node.runtime;
    const input = hexToU8a(data);
    switch (method) {
      case 'Core_version':
        return node.runtime.encode('RuntimeVersion', runtimeVersion());
      case 'Metadata_metadata':
        return opaque(node.runtime.metadataBytes);
      // Metadata API version 2 added these; older runtimes (Crust's) only have Metadata_metadata.
      case 'Metadata_metadata_versions':
        if (apiVersion('Metadata') < 2) throw notFound(method);
        return node.runtime.encode('Vec<u32>', [14]);
      case 'Metadata_metadata_at_version': {
        if (apiVersion('Metadata') < 2) throw notFound(method);
        const version = registry.createType('u32', input).toNumber();
        return version === 14
          ? u8aToHex(u8aConcat([1], hexToU8a(opaque(node.runtime.metadataBytes))))
          : '0x00';
      }
      case 'AccountNonceApi_account_nonce': {
        const who = registry.createType('AccountId32', input).toU8a();
        return node.runtime.encode('u32', readAccount(node.readContext(block.hash), who).nonce);
      }
      case 'TransactionPaymentApi_query_info':
      case 'TransactionPaymentApi_query_fee_details': {
        let call: Call;
        let length: number;
        try {
          // Input: the extrinsic (with its compact length) ++ u32 length. Decode exactly the
          // extrinsic's bytes: given trailing bytes, the decoder takes the prefix for content.
          const [offset, size] = compactFromU8a(input);
          call = callOfExtrinsic(node.runtime, input.subarray(offset, offset + size.toNumber()));
          length = registry.createType('u32', input.slice(input.length - 4)).toNumber();
        } catch (error) {
          throw new RpcError(
            -32000,
            `Client error: Execution failed: Could not decode extrinsic: ${(error as Error).message}`,
          );
        }
        const fee = runtime.logic.inclusionFee(call, length);
        if (method === 'TransactionPaymentApi_query_info') {
          // Version 1 of the API (pre-2022 runtimes) reports the weight as one u64.
          const v1 = apiVersion('TransactionPaymentApi') < 2;
          return node.runtime.encode(v1 ? 'RuntimeDispatchInfoV1' : 'RuntimeDispatchInfoV2', {
            weight: v1
              ? fee.weight.refTime
              : { refTime: fee.weight.refTime, proofSize: fee.weight.proofSize },
            class: 'Normal',
            partialFee: fee.total,
          });
        }
        return node.runtime.encode('FeeDetails', {
          inclusionFee: runtime.logic.paysFee(call)
            ? { baseFee: fee.baseFee, lenFee: fee.lenFee, adjustedWeightFee: fee.adjustedWeightFee }
            : null,
        });
      }
      default:
        throw notFound(method);
    }
  };

  const watchStatus = (status: TxStatus): unknown => status;

  const handlers: Record<
    string,
    (params: unknown[], socket: WebSocket) => unknown | Promise<unknown>
  > = {
    rpc_methods: () => ({ methods: METHODS }),
    system_chain: () => runtime.description.chainName,
    system_name: () => runtime.description.nodeName,
    system_version: () => runtime.description.nodeVersion,
    system_chainType: () => 'Development',
    system_properties: () => ({ ...runtime.properties }),
    system_health: () => ({ peers: 0, isSyncing: false, shouldHavePeers: false }),
    system_localPeerId: () => '12D3KooWDevnetDevnetDevnetDevnetDevnetDevnetDevnet',
    system_nodeRoles: () => ['Authority'],
    system_peers: () => [],
    system_syncState: () => ({
      startingBlock: 0,
      currentBlock: node.best.number,
      highestBlock: node.best.number,
    }),
    system_accountNextIndex: ([address]) => {
      if (typeof address !== 'string') throw badParams('expected an address');
      let who: Uint8Array;
      try {
        who = decodeAddress(address);
      } catch {
        throw badParams('invalid address');
      }
      return node.nextIndex(who);
    },
    chain_getBlockHash: ([n]) => {
      if (n === undefined || n === null) return node.best.hash;
      const number = typeof n === 'string' && isHex(n) ? Number.parseInt(n, 16) : n;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < 0)
        throw badParams('expected a block number');
      return node.hashByNumber.get(number) ?? null;
    },
    chain_getHead: () => node.best.hash,
    chain_getHeader: ([hash]) =>
      hash ? (node.blocks.get(hexParam(hash, 'hash'))?.header ?? null) : node.best.header,
    chain_getBlock: ([hash]) => {
      const block = hash ? node.blocks.get(hexParam(hash, 'hash')) : node.best;
      return block
        ? { block: { header: block.header, extrinsics: block.extrinsics }, justifications: null }
        : null;
    },
    chain_getFinalizedHead: () => node.finalized.hash,
    chain_getFinalisedHead: () => node.finalized.hash,
    chain_getRuntimeVersion: () => runtimeVersion(),
    state_getRuntimeVersion: ([hash]) => {
      blockOf(hash);
      return runtimeVersion();
    },
    state_getMetadata: ([hash]) => {
      blockOf(hash);
      return u8aToHex(node.runtime.metadataBytes);
    },
    state_getStorage: ([key, hash]) => blockOf(hash).state.get(hexParam(key, 'key')) ?? null,
    state_getStorageAt: ([key, hash]) => blockOf(hash).state.get(hexParam(key, 'key')) ?? null,
    state_getStorageHash: ([key, hash]) => {
      const value = blockOf(hash).state.get(hexParam(key, 'key'));
      return value ? u8aToHex(hexToU8a(value)) : null;
    },
    state_getStorageSize: ([key, hash]) => {
      const value = blockOf(hash).state.get(hexParam(key, 'key'));
      return value ? (value.length - 2) / 2 : null;
    },
    state_queryStorageAt: ([keys, hash]) => {
      if (!Array.isArray(keys)) throw badParams('expected a list of keys');
      const block = blockOf(hash);
      return [
        {
          block: block.hash,
          changes: keys.map((k) => [
            hexParam(k, 'key'),
            block.state.get(hexParam(k, 'key')) ?? null,
          ]),
        },
      ];
    },
    state_getKeys: ([prefix, hash]) => {
      const p = hexParam(prefix, 'prefix');
      return [...blockOf(hash).state.keys()].filter((k) => k.startsWith(p)).sort();
    },
    state_getKeysPaged: ([prefix, count, start, hash]) => {
      const p = prefix === null || prefix === undefined ? '0x' : hexParam(prefix, 'prefix');
      if (typeof count !== 'number' || count < 0 || count > 1000)
        throw badParams('count must be 0..1000');
      const after = start ? hexParam(start, 'start key') : '';
      return [...blockOf(hash).state.keys()]
        .filter((k) => k.startsWith(p) && k > after)
        .sort()
        .slice(0, count);
    },
    state_call: ([method, data, hash]) => {
      if (typeof method !== 'string') throw badParams('expected a method name');
      return stateCall(method, hexParam(data ?? '0x', 'data'), blockOf(hash));
    },
    author_pendingExtrinsics: () => node.pending,
    author_submitExtrinsic: ([hex]) => {
      const { hash } = node.submit(hexParam(hex, 'extrinsic'));
      options.onSubmit?.();
      return hash;
    },
    dev_newBlock: async ([params]) => {
      const count = (params as { count?: unknown } | undefined)?.count ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000) {
        throw badParams('count must be a whole number from 1 to 10000');
      }
      return options.newBlocks(count);
    },
    dev_timeTravel: ([date]) => {
      const ms =
        typeof date === 'number' ? date : typeof date === 'string' ? Date.parse(date) : Number.NaN;
      if (!Number.isFinite(ms) || ms < 0)
        throw badParams('expected a timestamp in ms or a date string');
      node.timeTravel(BigInt(Math.floor(ms)));
      return Math.floor(ms);
    },
    dev_setStorage: async ([changes]) => {
      const list = Array.isArray(changes)
        ? changes
        : changes && typeof changes === 'object'
          ? Object.entries(changes)
          : null;
      if (!list) throw badParams('expected [[key, value|null], …]');
      const pairs = list.map((entry) => {
        if (!Array.isArray(entry) || entry.length !== 2)
          throw badParams('each change is [key, value|null]');
        return [
          hexParam(entry[0], 'key'),
          entry[1] === null ? null : hexParam(entry[1], 'value'),
        ] as const;
      });
      for (const [key, value] of pairs) {
        if (value === null) node.best.state.delete(key);
        else node.best.state.set(key, value);
      }
      return options.newBlocks(1);
    },
  };

  const subscribe: Record<string, (params: unknown[], sub: Subscription) => void> = {
    chain_subscribeNewHead: (_, sub) => {
      sub.method = 'chain_newHead';
      setImmediate(() => notify(sub, node.best.header));
    },
    chain_subscribeNewHeads: (_, sub) => {
      sub.method = 'chain_newHead';
      setImmediate(() => notify(sub, node.best.header));
    },
    chain_subscribeAllHeads: (_, sub) => {
      sub.method = 'chain_allHead';
      setImmediate(() => notify(sub, node.best.header));
    },
    chain_subscribeFinalizedHeads: (_, sub) => {
      sub.method = 'chain_finalizedHead';
      setImmediate(() => notify(sub, node.finalized.header));
    },
    chain_subscribeFinalisedHeads: (_, sub) => {
      sub.method = 'chain_finalizedHead';
      setImmediate(() => notify(sub, node.finalized.header));
    },
    state_subscribeRuntimeVersion: (_, sub) => {
      sub.method = 'state_runtimeVersion';
      setImmediate(() => notify(sub, runtimeVersion()));
    },
    state_subscribeStorage: ([keys], sub) => {
      sub.method = 'state_storage';
      if (keys !== undefined && keys !== null && !Array.isArray(keys))
        throw badParams('expected a list of keys');
      sub.keys = (keys as unknown[] | undefined)?.map((k) => hexParam(k, 'key'));
      const block = node.best;
      const initial = (sub.keys ?? []).map((k) => [k, block.state.get(k) ?? null]);
      setImmediate(() => notify(sub, { block: block.hash, changes: initial }));
    },
    author_submitAndWatchExtrinsic: ([hex], sub) => {
      sub.method = 'author_extrinsicUpdate';
      const pending: TxStatus[] = [];
      let ready = false;
      const send = (status: TxStatus) => {
        if (!ready) pending.push(status);
        else notify(sub, watchStatus(status));
        if (
          status === 'invalid' ||
          status === 'dropped' ||
          (typeof status === 'object' && 'finalized' in status)
        ) {
          setTimeout(() => subscriptions.delete(sub.id), 0);
        }
      };
      const { status } = node.submit(hexParam(hex, 'extrinsic'), send);
      // "ready"/"future" go out right after the id reply, before any later update (pitfall 7).
      sub.stop = () => {};
      setImmediate(() => {
        ready = true;
        notify(sub, status);
        for (const s of pending) notify(sub, watchStatus(s));
      });
      options.onSubmit?.();
    },
  };
  const unsubscribeMethods = new Set([
    'chain_unsubscribeNewHead',
    'chain_unsubscribeNewHeads',
    'chain_unsubscribeAllHeads',
    'chain_unsubscribeFinalizedHeads',
    'chain_unsubscribeFinalisedHeads',
    'state_unsubscribeRuntimeVersion',
    'state_unsubscribeStorage',
    'author_unwatchExtrinsic',
  ]);

  const handle = async (request: unknown, socket: WebSocket): Promise<unknown> => {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } };
    }
    const {
      id = null,
      method,
      params = [],
    } = request as { id?: unknown; method?: unknown; params?: unknown };
    const reply = (body: object) => ({ jsonrpc: '2.0', id, ...body });
    if (typeof method !== 'string')
      return reply({ error: { code: -32600, message: 'Invalid request' } });
    if (!Array.isArray(params))
      return reply({
        error: { code: -32602, message: 'Invalid params', data: 'params must be an array' },
      });
    try {
      if (unsubscribeMethods.has(method)) {
        const sub = subscriptions.get(String(params[0]));
        if (!sub || sub.socket !== socket) return reply({ result: false });
        sub.stop?.();
        subscriptions.delete(sub.id);
        return reply({ result: true });
      }
      const starter = subscribe[method];
      if (starter) {
        const sub: Subscription = { id: newId(), socket, method };
        starter(params, sub);
        subscriptions.set(sub.id, sub);
        return reply({ result: sub.id });
      }
      const handler = handlers[method];
      if (!handler) return reply({ error: { code: -32601, message: 'Method not found' } });
      return reply({ result: await handler(params, socket) });
    } catch (error) {
      if (error instanceof RpcError || error instanceof PoolError) {
        return reply({
          error: {
            code: error.code,
            message: error.message,
            ...(error.data !== undefined ? { data: error.data } : {}),
          },
        });
      }
      return reply({
        error: { code: -32603, message: 'Internal error', data: (error as Error).message },
      });
    }
  };

  server.on('connection', (socket) => {
    socket.on('error', () => socket.terminate());
    socket.on('message', (data, isBinary) => {
      void (async () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(
            isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString(),
          );
        } catch {
          socket.send(
            JSON.stringify({
              jsonrpc: '2.0',
              id: null,
              error: { code: -32700, message: 'Parse error' },
            }),
          );
          return;
        }
        const response = Array.isArray(parsed)
          ? await Promise.all(parsed.map((r) => handle(r, socket)))
          : await handle(parsed, socket);
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(response));
      })();
    });
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id);
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
