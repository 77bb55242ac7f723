import type { RobonomicsClient } from '../model/client-type.ts';

/** digitalTwin.set_source(twin, topic, source): only the twin's owner may. */
export function twinSetSourceTx(
  client: RobonomicsClient,
  twin: number,
  topic: `0x${string}`,
  source: string,
) {
  return client.tx.digitalTwin.setSource(twin, topic, source);
}
