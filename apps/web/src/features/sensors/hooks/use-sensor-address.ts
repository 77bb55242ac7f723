import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { fetchOwnedTwins } from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { fetchTwinTopics } from '@robonomics-dapp/robonomics/chain/queries/twin-topics';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';

export type SensorAddress =
  | { status: 'loading' }
  | { status: 'found'; address: string }
  | { status: 'not-found'; reason: string };

/**
 * The sensor to show: the address in the route, else the source of `topic` in one of the connected
 * account's twins (topics compared as hex text, the form both the route and the chain read give).
 */
export function useSensorAddress(param: string | undefined, topic: string): SensorAddress {
  const account = useWallet((s) => s.address);
  const search = useChainQuery(
    !param && account ? ['sensor-address', account, topic] : null,
    async (client): Promise<SensorAddress> => {
      const { twins } = await fetchOwnedTwins(client, account!, null);
      for (const topics of await fetchTwinTopics(client, twins)) {
        const entry = topics.find((t) => t.topic.toLowerCase() === topic);
        if (entry) return { status: 'found', address: entry.source };
      }
      return { status: 'not-found', reason: 'None of your digital twins names such a sensor.' };
    },
  );
  if (param) {
    return isValidAddress(param)
      ? { status: 'found', address: toRobonomicsAddress(param) }
      : { status: 'not-found', reason: 'The address in the link is not a valid account address.' };
  }
  if (!account) {
    return {
      status: 'not-found',
      reason: 'Connect the account that owns the sensor twin, or open a link with its address.',
    };
  }
  if (search.error) return { status: 'not-found', reason: search.error };
  return search.data ?? { status: 'loading' };
}
