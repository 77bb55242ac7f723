import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import type { Submittable } from '@robonomics-dapp/robonomics/chain/model/transaction';
import { fetchPaymentInfo } from '@robonomics-dapp/robonomics/chain/tx/payment-info';
import { useChainQuery } from './use-chain-query.ts';

/**
 * The fee of the transaction `build` makes, as `from` would sign it, so the user sees it before
 * signing. Asked again when the endpoint, the account or `key` (what `build` depends on)
 * changes; null while unknown or when the transaction cannot be built.
 */
export function useFee(
  from: string | null,
  build: (client: RobonomicsClient) => Promise<Submittable | null> | Submittable | null,
  key: string,
): bigint | null {
  const { data } = useChainQuery(from ? ['fee', from, key] : null, async (client) => {
    const tx = await build(client);
    return tx ? (await fetchPaymentInfo(tx, from!)).fee : null;
  });
  return data ?? null;
}
