import type { RobonomicsClient } from '../client.ts';

export interface AccountBalance {
  free: bigint;
  reserved: bigint;
  frozen: bigint;
  /** What the account can spend: free minus frozen (docs/product-rules.md). */
  transferable: bigint;
}

export function toBalance(data: {
  free: bigint;
  reserved: bigint;
  frozen: bigint;
}): AccountBalance {
  const transferable = data.free > data.frozen ? data.free - data.frozen : 0n;
  return { free: data.free, reserved: data.reserved, frozen: data.frozen, transferable };
}

/** Follows System.Account of an address. */
export function subscribeBalance(
  client: RobonomicsClient,
  address: string,
  onBalance: (balance: AccountBalance) => void,
): Promise<() => Promise<void>> {
  return client.query.system.account(address, (info) => onBalance(toBalance(info.data)));
}
