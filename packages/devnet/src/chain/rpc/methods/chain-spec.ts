import { call, type MethodContext, type MethodEntries } from '../table.ts';

/** chainSpec_v1_*: the chain specification's name, genesis hash and properties. */
export function chainSpecMethods({ node }: MethodContext): MethodEntries {
  return [
    ['chainSpec_v1_chainName', call(() => node.runtime.description.chainName)],
    ['chainSpec_v1_genesisHash', call(() => node.genesisHash)],
    ['chainSpec_v1_properties', call(() => ({ ...node.runtime.properties }))],
  ];
}
