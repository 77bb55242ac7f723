import type { RobonomicsClient } from '../model/client-type.ts';
import { decidingPin } from './pinned-runtimes.ts';

/**
 * What the connected runtime has, read from its metadata: a feature of the app that needs a call
 * or a constant is offered only where the runtime has it, whatever the network's name
 * (docs/product-rules.md, "Offered by what the runtime has").
 */

/** Whether the runtime has `pallet.call` (the call's name as the metadata writes it: snake_case). */
export function runtimeHasCall(client: RobonomicsClient, pallet: string, call: string): boolean {
  try {
    const found = client.metadata.latest.pallets.find((p) => p.name === pallet);
    if (found?.calls === undefined) return false;
    const type = client.registry.findType(found.calls.typeId).typeDef;
    return type.type === 'Enum' && type.value.members.some((m) => m.name === call);
  } catch {
    return false;
  }
}

/**
 * RWS.MaxDevicesAmount, the longest device list the runtime takes: on a network this build pins,
 * the pin's (also for a runtime newer than its pins: a node cannot set it); elsewhere the node's
 * where its metadata has the constant, else null.
 */
export function maxDevicesOf(client: RobonomicsClient): number | null {
  const pin = decidingPin(client.genesisHash, client.runtimeVersion.specVersion);
  if (pin) return pin.maxDevicesAmount;
  try {
    const found = client.metadata.latest.pallets
      .find((p) => p.name === 'RWS')
      ?.constants.find((c) => c.name === 'MaxDevicesAmount');
    return found ? Number(client.consts.rws.maxDevicesAmount) : null;
  } catch {
    return null;
  }
}
