import { accountParam } from '../params.ts';
import { call, type MethodContext, type MethodEntries } from '../table.ts';

/** system_*: the node's identity, health and account index. */
export function systemMethods({ node }: MethodContext): MethodEntries {
  const { runtime } = node;
  return [
    ['system_chain', call(() => runtime.description.chainName)],
    ['system_name', call(() => runtime.description.nodeName)],
    ['system_version', call(() => runtime.description.nodeVersion)],
    ['system_chainType', call(() => 'Development')],
    ['system_properties', call(() => ({ ...runtime.properties }))],
    ['system_health', call(() => ({ peers: 0, isSyncing: false, shouldHavePeers: false }))],
    ['system_localPeerId', call(() => '12D3KooWDevnetDevnetDevnetDevnetDevnetDevnetDevnet')],
    ['system_nodeRoles', call(() => ['Authority'])],
    ['system_peers', call(() => [])],
    [
      'system_syncState',
      call(() => ({
        startingBlock: 0,
        currentBlock: node.best.number,
        highestBlock: node.best.number,
      })),
    ],
    ['system_accountNextIndex', call(([address]) => node.nextIndex(accountParam(address)))],
  ];
}
