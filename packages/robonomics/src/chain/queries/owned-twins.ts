import type { RobonomicsClient } from '../model/client-type.ts';
import { addressEq } from '../model/same-account.ts';

export interface TwinCache {
  total: number;
  twins: number[];
}

/**
 * The ids of the twins an account owns. A cached {total, twins} is reused while the chain's
 * total is unchanged; otherwise only the new ids are scanned, in one batched query.
 */
export async function fetchOwnedTwins(
  client: RobonomicsClient,
  account: string,
  cache: TwinCache | null,
): Promise<TwinCache> {
  const total = (await client.query.digitalTwin.total()) ?? 0;
  if (cache && cache.total === total) return cache;
  const from = cache && cache.total < total ? cache.total : 0;
  const ids = Array.from({ length: total - from }, (_, i) => from + i);
  const owners = ids.length ? await client.query.digitalTwin.owner.multi(ids) : [];
  const found = ids.filter((_, i) => {
    const owner = owners[i];
    return owner !== undefined && addressEq(owner.address(32), account);
  });
  return { total, twins: [...(from > 0 && cache ? cache.twins : []), ...found] };
}
