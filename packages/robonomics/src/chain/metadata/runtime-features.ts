import type { RobonomicsClient } from '../model/client-type.ts';

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

/** RWS.MaxDevicesAmount, where the runtime bounds the device list (runtime 43); null elsewhere. */
export function maxDevicesOf(client: RobonomicsClient): number | null {
  try {
    const found = client.metadata.latest.pallets
      .find((p) => p.name === 'RWS')
      ?.constants.find((c) => c.name === 'MaxDevicesAmount');
    return found ? Number(client.consts.rws.maxDevicesAmount) : null;
  } catch {
    return null;
  }
}
