import type { RobonomicsClient } from '../model/client-type.ts';

/** balances.transfer_keep_alive(to, amount): a transfer that never reaps the sender. */
export function transferTx(client: RobonomicsClient, to: string, amount: bigint) {
  return client.tx.balances.transferKeepAlive(to, amount);
}
