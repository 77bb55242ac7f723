import type { RobonomicsClient } from '../model/client-type.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';
import type { TwinTopics } from '../model/twin.ts';

/** Follows one twin's map of topics to sources. */
export function subscribeTwin(
  client: RobonomicsClient,
  id: number,
  onTopics: (topics: TwinTopics) => void,
): Promise<() => Promise<void>> {
  return client.query.digitalTwin.digitalTwin(id, (entries) =>
    onTopics(
      (entries ?? []).map(([topic, source]) => ({
        topic,
        source: source.address(ROBONOMICS_SS58),
      })),
    ),
  );
}
