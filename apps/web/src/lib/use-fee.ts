import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/client';
import { fetchPaymentInfo } from '@robonomics-dapp/robonomics/chain/queries/payment-info';
import type { Submittable } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { useEffect, useState } from 'react';
import { useChain } from './chain-store.ts';

/**
 * The fee of the transaction `build` makes, as `from` would sign it, so the user sees it before
 * signing. Rebuilt when the client, the account or `key` (what `build` depends on) changes;
 * null while unknown or when the transaction cannot be built.
 */
export function useFee(
  from: string | null,
  build: (client: RobonomicsClient) => Promise<Submittable | null> | Submittable | null,
  key: string,
): bigint | null {
  const client = useChain((s) => s.client);
  const [fee, setFee] = useState<bigint | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `build` depends on.
  useEffect(() => {
    setFee(null);
    if (!client || !from) return;
    let active = true;
    Promise.resolve(client)
      .then(build)
      .then((tx) => (tx ? fetchPaymentInfo(tx, from) : null))
      .then(
        (info) => active && setFee(info?.fee ?? null),
        () => active && setFee(null),
      );
    return () => {
      active = false;
    };
  }, [client, from, key]);
  return fee;
}
