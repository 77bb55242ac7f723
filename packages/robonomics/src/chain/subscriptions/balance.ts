import { type AccountBalance, toBalance } from '../model/balance.ts';
import type { RobonomicsClient } from '../model/client-type.ts';

/** Follows System.Account of an address. */
export function subscribeBalance(
  client: RobonomicsClient,
  address: string,
  onBalance: (balance: AccountBalance) => void,
): Promise<() => Promise<void>> {
  return client.query.system.account(address, (info) => onBalance(toBalance(info.data)));
}
