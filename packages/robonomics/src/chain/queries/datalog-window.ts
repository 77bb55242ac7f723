import type { RobonomicsClient } from '../model/client-type.ts';
import type { DatalogRecord } from '../model/datalog.ts';
import { datalogRecordsAt, datalogSlotKeys, datalogSlots } from '../model/datalog-ring.ts';

/** The whole datalog ring of an account, oldest first, read in one batched storage query. */
export async function fetchDatalogWindow(
  client: RobonomicsClient,
  account: string,
): Promise<DatalogRecord[]> {
  const index = await client.query.datalog.datalogIndex(account);
  const keys = datalogSlotKeys(account, datalogSlots(Number(index.start), Number(index.end)));
  if (keys.length === 0) return [];
  const [result] = await client.rpc.state_queryStorageAt(keys);
  return datalogRecordsAt(keys, result?.changes);
}
