import type { RobonomicsClient } from '../client.ts';

/** digitalTwin.create(): a new twin owned by the signer; its id is in the NewDigitalTwin event. */
export function twinCreateTx(client: RobonomicsClient) {
  return client.tx.digitalTwin.create();
}
