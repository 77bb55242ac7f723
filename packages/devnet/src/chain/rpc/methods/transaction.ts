import { PoolError } from '../../node/extrinsic.ts';
import type { TxStatus } from '../../node/pool.ts';
import { badParams, hexParam, RpcError } from '../params.ts';
import {
  call,
  type MethodContext,
  type MethodEntries,
  type RpcConnection,
  type Subscription,
  subscribe,
} from '../table.ts';

/**
 * transaction_v1_broadcast operations a connection may have at once (the JSON-RPC spec asks for 4,
 * docs/json-rpc.md).
 */
export const MAX_BROADCASTS_PER_CONNECTION = 16;

/** A pool refusal as the new interface reports it: dropped (pool limits) or invalid. */
function refusal(error: unknown): Record<string, string> {
  if (error instanceof PoolError) {
    const why = error.data ? `${error.message}: ${error.data}` : error.message;
    // Banned, already imported, too low priority, pool full: the pool did not keep it.
    if ([1012, 1013, 1014, 1016].includes(error.code)) return { event: 'dropped', error: why };
    return { event: 'invalid', error: why };
  }
  return { event: 'error', error: (error as Error).message };
}

/**
 * transaction_v1_* and transactionWatch_v1_*: submitting a transaction, with or without
 * following it. Bytes that are not hex are a parameter error; bytes that are not a valid
 * transaction are reported as an `invalid` event, as the JSON-RPC spec says (docs/json-rpc.md).
 */
export function transactionMethods({ node, hooks }: MethodContext): MethodEntries {
  const watches = new Map<string, { connection: RpcConnection; sub: Subscription }>();
  const broadcasts = new WeakMap<RpcConnection, Set<string>>();
  let nextBroadcast = 1;

  /** Where a transaction sits in a block's body. */
  const place = (blockHash: string, hex: string) => ({
    hash: blockHash,
    index: Math.max(0, node.blocks.get(blockHash)?.extrinsics.indexOf(hex) ?? 0),
  });

  const eventOf = (status: TxStatus, hex: string): Record<string, unknown> => {
    if (status === 'ready' || status === 'future') return { event: 'validated' };
    if (status === 'invalid') {
      return { event: 'invalid', error: 'The transaction is no longer valid' };
    }
    if (status === 'dropped') return { event: 'dropped', error: 'The node stopped' };
    if ('inBlock' in status) {
      return { event: 'bestChainBlockIncluded', block: place(status.inBlock, hex) };
    }
    return { event: 'finalized', block: place(status.finalized, hex) };
  };

  const final = (event: Record<string, unknown>) =>
    ['finalized', 'invalid', 'dropped', 'error'].includes(event.event as string);

  const transactionParam = (value: unknown) => hexParam(value, 'transaction');

  return [
    [
      'transactionWatch_v1_submitAndWatch',
      subscribe(([transaction], sub) => {
        sub.notification = 'transactionWatch_v1_watchEvent';
        const hex = transactionParam(transaction);
        const queued: Record<string, unknown>[] = [];
        let open = false;
        let done = false;
        const emit = (event: Record<string, unknown>) => {
          if (done) return;
          if (!open) {
            queued.push(event);
            return;
          }
          hooks.notify(sub, event);
          if (final(event)) {
            done = true;
            watches.delete(sub.id);
            hooks.end(sub);
          }
        };
        watches.set(sub.id, { connection: sub.connection, sub });
        sub.stop = () => {
          done = true;
          watches.delete(sub.id);
        };
        try {
          const { status } = node.submit(hex, (s) => emit(eventOf(s, hex)));
          queued.unshift(eventOf(status, hex));
          hooks.onSubmit?.();
        } catch (error) {
          queued.unshift(refusal(error));
        }
        // Events go out after the reply that names the subscription.
        setImmediate(() => {
          open = true;
          for (const event of queued.splice(0)) emit(event);
        });
      }),
    ],
    [
      'transactionWatch_v1_unwatch',
      call(([id], connection) => {
        const watch = typeof id === 'string' ? watches.get(id) : undefined;
        if (!watch || watch.connection !== connection) {
          throw badParams('no transaction is watched under this subscription id');
        }
        // The transaction stays in the pool: only the events stop.
        watch.sub.stop?.();
        hooks.end(watch.sub);
        return null;
      }),
    ],
    [
      'transaction_v1_broadcast',
      call(([transaction], connection) => {
        const hex = transactionParam(transaction);
        let mine = broadcasts.get(connection);
        if (!mine) {
          mine = new Set();
          broadcasts.set(connection, mine);
        }
        if (mine.size >= MAX_BROADCASTS_PER_CONNECTION) return null;
        const id = `broadcast-${nextBroadcast++}`;
        mine.add(id);
        try {
          node.submit(hex);
          hooks.onSubmit?.();
        } catch {
          // The JSON-RPC spec (docs/json-rpc.md): an invalid transaction is silently not broadcast
          // (it still counts).
        }
        return id;
      }),
    ],
    [
      'transaction_v1_stop',
      call(([id], connection) => {
        const mine = broadcasts.get(connection);
        if (typeof id !== 'string' || !mine?.delete(id)) {
          throw new RpcError(-32602, 'Invalid operation id');
        }
        return null;
      }),
    ],
  ];
}
