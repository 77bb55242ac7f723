import type { ChainNode } from '../node/node.ts';
import { authorMethods } from './methods/author.ts';
import { chainNamespace } from './methods/chain.ts';
import { type ChainHeadLimits, chainHeadMethods } from './methods/chain-head.ts';
import { chainSpecMethods } from './methods/chain-spec.ts';
import { devMethods } from './methods/dev.ts';
import { stateMethods } from './methods/state.ts';
import { systemMethods } from './methods/system.ts';
import { transactionMethods } from './methods/transaction.ts';
import { call, type MethodHooks, methodContext, type RpcMethod } from './table.ts';

/**
 * The JSON-RPC methods of a Substrate node over the devnet's chain: the legacy ones, as
 * @polkadot/api and dedot's legacy mode call them, and the new interface (chainHead_v1,
 * chainSpec_v1, transaction_v1, transactionWatch_v1; docs/json-rpc.md): one table, built from one part per namespace, from which the server
 * dispatches and `rpc_methods` takes its list, so the two cannot drift apart (docs/devnet.md).
 * The table is a Map: a method name is only ever one of its keys, never a property inherited
 * from Object.prototype.
 */
export function chainMethods(
  node: ChainNode,
  hooks: MethodHooks,
  chainHeadLimits?: ChainHeadLimits,
): ReadonlyMap<string, RpcMethod> {
  const context = methodContext(node, hooks);
  const table = new Map<string, RpcMethod>();
  for (const [name, method] of [
    ...systemMethods(context),
    ...chainNamespace(context),
    ...stateMethods(context),
    ...authorMethods(context),
    ...devMethods(context),
    ...chainHeadMethods(context, chainHeadLimits),
    ...chainSpecMethods(context),
    ...transactionMethods(context),
  ]) {
    if (table.has(name)) throw new Error(`JSON-RPC method ${name} is defined twice`);
    table.set(name, method);
  }
  const names = [...table.keys(), 'rpc_methods'].sort();
  table.set(
    'rpc_methods',
    call(() => ({ methods: [...names] })),
  );
  return table;
}
