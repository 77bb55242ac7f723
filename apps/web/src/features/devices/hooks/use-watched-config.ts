import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { TwinTopics } from '@robonomics-dapp/robonomics/chain/model/twin';
import { fetchOwnedTwins } from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { subscribeTwin } from '@robonomics-dapp/robonomics/chain/subscriptions/twin';
import { subscribeTwinTotal } from '@robonomics-dapp/robonomics/chain/subscriptions/twin-total';
import { type HaConfig, validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { useQuery } from '@tanstack/react-query';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { readIpfsText } from '../../../lib/files/ipfs-gateways.ts';
import { type HomeKeys, openHomeFile } from '../api/load-home.ts';
import { READ_ONCE } from './read-once.ts';

/**
 * The config of a home that has not published its telemetry yet, found on its twin as soon as
 * the controller puts it there: the twins the controller owns are followed (DigitalTwin.Total),
 * and the newest one's topics, which Home Assistant fills before its first datalog record (see
 * docs/home-assistant.md). The controller's topic names the config file, opened with the user's
 * key. Null while `keys` is null (nothing is followed then) or nothing is found yet.
 */
export function useWatchedConfig(keys: HomeKeys | null): HaConfig | null {
  const controller = keys?.controller ?? null;
  const total = useChainSubscription<number>(
    controller ? 'twin-total' : null,
    subscribeTwinTotal,
  ).value;
  const owned = useChainQuery(
    controller && total !== undefined ? ['owned-twins', controller, total] : null,
    async (client) => (await fetchOwnedTwins(client, controller!, null)).twins,
    { keepWhileSame: 2 },
  ).data;
  const twin = owned && owned.length > 0 ? Math.max(...owned) : null;
  return useTwinConfig(keys, twin);
}

/**
 * The config a home's twin names now: the twin's topics are followed, and each time the
 * controller's topic points to a new file (Home Assistant published a new config: its proxy said
 * hello, or came back with a new identity or address), that file is read and opened. Null until
 * it is, or while `keys` or `twin` is null.
 */
export function useTwinConfig(keys: HomeKeys | null, twin: number | null): HaConfig | null {
  const controller = keys?.controller ?? null;
  const topics = useChainSubscription<TwinTopics>(
    twin === null || !controller ? null : `twin:${twin}`,
    (c, set) => subscribeTwin(c, twin!, set),
  ).value;
  const own = controller ? topics?.find((t) => addressEq(t.source, controller)) : undefined;
  const cid = own ? h256ToCid(own.topic) : null;
  return (
    useQuery({
      queryKey: ['twin-config', cid, keys?.userAddress],
      enabled: cid !== null && keys !== null,
      queryFn: async () => openHomeFile(await readIpfsText(cid!), keys!, validateHaConfig),
      ...READ_ONCE,
    }).data ?? null
  );
}
