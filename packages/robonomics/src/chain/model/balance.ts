/** An account's balance (System.Account), in the smallest unit. */
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
