import type { RobonomicsClient } from '../client.ts';
import { ROBONOMICS_SS58 } from '../ss58.ts';

/** A twin's topics: 32-byte topic (0x-hex) → source account (SS58-32). */
export type TwinTopics = { topic: string; source: string }[];

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
