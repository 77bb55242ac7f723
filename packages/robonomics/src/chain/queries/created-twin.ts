import type { RobonomicsClient } from '../model/client-type.ts';
import type { TxResult } from '../model/transaction.ts';

/**
 * The id of the twin a digitalTwin.create (direct or inside rws.call) made: the NewDigitalTwin
 * event of that extrinsic in its block. Null when the block cannot be read.
 */
export async function fetchCreatedTwinId(
  client: RobonomicsClient,
  result: TxResult,
): Promise<number | null> {
  const api = await client.at(result.blockHash as `0x${string}`);
  const records = await api.query.system.events();
  const own = records.filter(
    (r) => r.phase.type === 'ApplyExtrinsic' && r.phase.value === result.txIndex,
  );
  const event = client.events.digitalTwin.NewDigitalTwin.find(own);
  return event ? Number(event.palletEvent.data[1]) : null;
}
