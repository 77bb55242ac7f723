import type { CrustClient } from './client.ts';

/** What an account can spend on Crust: free minus frozen. */
export async function fetchCrustBalance(client: CrustClient, address: string): Promise<bigint> {
  const account = (await client.query.system.account(address)) as {
    data: { free: bigint; frozen?: bigint; feeFrozen?: bigint };
  };
  const frozen = account.data.frozen ?? account.data.feeFrozen ?? 0n;
  const free = BigInt(account.data.free);
  return free > BigInt(frozen) ? free - BigInt(frozen) : 0n;
}
