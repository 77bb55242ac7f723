import type { ChainNode } from './node.ts';
import { authorMethods } from './rpc/author.ts';
import { chainNamespace } from './rpc/chain.ts';
import { devMethods } from './rpc/dev.ts';
import { stateMethods } from './rpc/state.ts';
import { systemMethods } from './rpc/system.ts';
import { call, type MethodHooks, methodContext, type RpcMethod } from './rpc/table.ts';

/**
 * The legacy JSON-RPC methods of a Substrate node, as @polkadot/api and dedot call them, over
 * the devnet's chain: one table, built from one part per namespace, from which the server
 * dispatches and `rpc_methods` takes its list, so the two cannot drift apart (docs/devnet.md).
 * The table is a Map: a method name is only ever one of its keys, never a property inherited
 * from Object.prototype.
 */
export function chainMethods(node: ChainNode, hooks: MethodHooks): ReadonlyMap<string, RpcMethod> {
  const context = methodContext(node, hooks);
  const table = new Map<string, RpcMethod>();
  for (const [name, method] of [
    ...systemMethods(context),
    ...chainNamespace(context),
    ...stateMethods(context),
    ...authorMethods(context),
    ...devMethods(context),
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
