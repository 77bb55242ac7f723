import { blockNumberParam, optionalHash } from '../params.ts';
import {
  call,
  type MethodContext,
  type MethodEntries,
  type Subscription,
  subscribe,
  UNSUBSCRIBE,
} from '../table.ts';

/** chain_*: blocks, headers, hashes and the head subscriptions. */
export function chainNamespace({ node, hooks, runtimeVersion }: MethodContext): MethodEntries {
  /** A head subscription: the current head at once, then the server's block notifications. */
  const headOf = (notification: string) =>
    subscribe((_: unknown[], sub: Subscription) => {
      sub.notification = notification;
      setImmediate(() =>
        hooks.notify(
          sub,
          notification === 'chain_finalizedHead' ? node.finalized.header : node.best.header,
        ),
      );
    });
  return [
    [
      'chain_getBlockHash',
      call(([n]) =>
        n === undefined || n === null
          ? node.best.hash
          : (node.hashByNumber.get(blockNumberParam(n)) ?? null),
      ),
    ],
    ['chain_getHead', call(() => node.best.hash)],
    [
      'chain_getHeader',
      call(([hash]) => {
        const wanted = optionalHash(hash);
        return wanted === null ? node.best.header : (node.blocks.get(wanted)?.header ?? null);
      }),
    ],
    [
      'chain_getBlock',
      call(([hash]) => {
        const wanted = optionalHash(hash);
        const block = wanted === null ? node.best : node.blocks.get(wanted);
        return block
          ? { block: { header: block.header, extrinsics: block.extrinsics }, justifications: null }
          : null;
      }),
    ],
    ['chain_getFinalizedHead', call(() => node.finalized.hash)],
    ['chain_getFinalisedHead', call(() => node.finalized.hash)],
    [
      'chain_getRuntimeVersion',
      call(([hash]) => {
        const wanted = optionalHash(hash);
        const block = wanted === null ? node.best : node.blocks.get(wanted);
        return block ? runtimeVersion(block) : null;
      }),
    ],
    // Clients call the singular name; rpc_methods lists the plural too (docs/robonomics-chain.md).
    ['chain_subscribeNewHead', headOf('chain_newHead')],
    ['chain_subscribeNewHeads', headOf('chain_newHead')],
    ['chain_subscribeAllHeads', headOf('chain_allHead')],
    ['chain_subscribeFinalizedHeads', headOf('chain_finalizedHead')],
    ['chain_subscribeFinalisedHeads', headOf('chain_finalizedHead')],
    ['chain_unsubscribeNewHead', UNSUBSCRIBE],
    ['chain_unsubscribeNewHeads', UNSUBSCRIBE],
    ['chain_unsubscribeAllHeads', UNSUBSCRIBE],
    ['chain_unsubscribeFinalizedHeads', UNSUBSCRIBE],
    ['chain_unsubscribeFinalisedHeads', UNSUBSCRIBE],
  ];
}
