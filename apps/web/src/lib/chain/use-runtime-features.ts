import {
  maxDevicesOf,
  runtimeHasCall,
} from '@robonomics-dapp/robonomics/chain/metadata/runtime-features';
import { useChain } from '../stores/chain-store.ts';

/**
 * Whether the connected runtime has a call: undefined while there is no client. A runtime upgrade
 * that adds it makes it true without a reload (the spec version is read to follow it).
 */
export function useRuntimeHasCall(pallet: string, call: string): boolean | undefined {
  const client = useChain((s) => s.client);
  useChain((s) => s.specVersion);
  return client ? runtimeHasCall(client, pallet, call) : undefined;
}

/** RWS.MaxDevicesAmount of the connected runtime (null: unbounded; undefined: no client yet). */
export function useMaxDevices(): number | null | undefined {
  const client = useChain((s) => s.client);
  useChain((s) => s.specVersion);
  return client ? maxDevicesOf(client) : undefined;
}
