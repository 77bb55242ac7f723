import type { RobonomicsClient } from '../model/client-type.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';
import type { TwinTopics } from '../model/twin.ts';

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
