import { subscribeChainTime } from '@robonomics-dapp/robonomics/chain/subscriptions/chain-time';
import { useEffect, useState } from 'react';
import { useNow } from '../time/use-now.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

/**
 * The chain's clock as this device sees it: the newest block's timestamp, moved on by the time
 * this device counted since that block arrived. Subscriptions end by the chain's clock (RWS
 * compares the expiry with the block's time), so renewal reminders count from it, and a device
 * whose own clock is off still shows the right day. Undefined until the first block's time.
 */
export function useChainNow(): number | undefined {
  const stamp = useChainSubscription<number>('chain-time', subscribeChainTime).value;
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    if (stamp !== undefined) setOffset(stamp - Date.now());
  }, [stamp]);
  const now = useNow();
  return offset === null ? undefined : now + offset;
}
