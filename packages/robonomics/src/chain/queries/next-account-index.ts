import type { RobonomicsClient } from '../model/client-type.ts';

/**
 * The nonce the next transaction of an address must carry, counting its transactions still in
 * the node's pool (system_accountNextIndex), so two quick sends do not collide.
 */
export async function fetchNextAccountIndex(
  client: RobonomicsClient,
  address: string,
): Promise<number> {
  return Number(await client.rpc.system_accountNextIndex(address));
}
