import { isValidAddress, toRobonomicsAddress } from '@robonomics-dapp/robonomics/chain/address';
import { fetchOwnedTwins } from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { fetchTwinTopics } from '@robonomics-dapp/robonomics/chain/queries/twin-topics';
import { useEffect, useState } from 'react';
import { useChain } from '../../../lib/chain-store.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';

export type SensorAddress =
  | { status: 'loading' }
  | { status: 'found'; address: string }
  | { status: 'not-found'; reason: string };

/**
 * The sensor to show: the address in the route, else the source of `topic` in one of the
 * connected account's twins (the original compared codecs with strings and never found it).
 */
export function useSensorAddress(param: string | undefined, topic: string): SensorAddress {
  const client = useChain((s) => s.client);
  const account = useWallet((s) => s.address);
  const [result, setResult] = useState<SensorAddress>({ status: 'loading' });

  useEffect(() => {
    if (param) {
      setResult(
        isValidAddress(param)
          ? { status: 'found', address: toRobonomicsAddress(param) }
          : {
              status: 'not-found',
              reason: 'The address in the link is not a valid account address.',
            },
      );
      return;
    }
    if (!account) {
      setResult({
        status: 'not-found',
        reason: 'Connect the account that owns the sensor twin, or open a link with its address.',
      });
      return;
    }
    if (!client) return;
    let active = true;
    setResult({ status: 'loading' });
    (async () => {
      const { twins } = await fetchOwnedTwins(client, account, null);
      for (const topics of await fetchTwinTopics(client, twins)) {
        const entry = topics.find((t) => t.topic.toLowerCase() === topic);
        if (entry) return { status: 'found', address: entry.source } as const;
      }
      return {
        status: 'not-found',
        reason: 'None of your digital twins names such a sensor.',
      } as const;
    })().then(
      (r) => active && setResult(r),
      (e: unknown) =>
        active &&
        setResult({ status: 'not-found', reason: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      active = false;
    };
  }, [client, account, param, topic]);

  return result;
}
