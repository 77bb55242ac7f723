import type { RobonomicsClient } from '../model/client-type.ts';

/** digitalTwin.create(): a new twin owned by the signer; its id is in the NewDigitalTwin event. */
export function twinCreateTx(client: RobonomicsClient) {
  return client.tx.digitalTwin.create();
}
