import { type AccountBalance, toBalance } from '../model/balance.ts';
import type { RobonomicsClient } from '../model/client-type.ts';

/** An account's balance once: free, reserved, frozen and what it can spend. */
export async function fetchAccountBalance(
  client: RobonomicsClient,
  address: string,
): Promise<AccountBalance> {
  return toBalance((await client.query.system.account(address)).data);
}
