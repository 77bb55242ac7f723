import type { RobonomicsClient } from '../client.ts';
import { ROBONOMICS_SS58 } from '../ss58.ts';
import type { TwinTopics } from '../subscriptions/twin.ts';

/** The topics of each twin in `ids`, in one batched read; a missing twin has none. */
export async function fetchTwinTopics(
  client: RobonomicsClient,
  ids: number[],
): Promise<TwinTopics[]> {
  if (!ids.length) return [];
  const maps = await client.query.digitalTwin.digitalTwin.multi(ids);
  return maps.map((entries) =>
    (entries ?? []).map(([topic, source]) => ({ topic, source: source.address(ROBONOMICS_SS58) })),
  );
}
