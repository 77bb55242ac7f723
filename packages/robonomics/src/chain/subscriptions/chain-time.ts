import type { RobonomicsClient } from '../model/client-type.ts';

/** Follows the chain's clock: Timestamp.Now, the newest block's time in ms. */
export function subscribeChainTime(
  client: RobonomicsClient,
  onTime: (ms: number) => void,
): Promise<() => Promise<void>> {
  return client.query.timestamp.now((moment) => onTime(Number(moment)));
}
