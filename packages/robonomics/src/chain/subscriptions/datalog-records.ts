import type { RobonomicsClient } from '../model/client-type.ts';
import type { DatalogRecord } from '../model/datalog.ts';
import { datalogRecordsAt, datalogSlotKeys, datalogSlots } from '../model/datalog-ring.ts';

/**
 * Calls back with each datalog record one account writes from now on, oldest first, each once.
 *
 * It follows the account's ring index (Datalog.DatalogIndex), not the NewRecord events: after a
 * dropped link the client subscribes again and the node sends the index as it is then, so the
 * records written while the link was down are read from their slots. Events are sent per block
 * and those of the blocks produced meanwhile are gone, so a home's new states written during a
 * short cut were never shown when another block followed them.
 */
export async function subscribeDatalogRecords(
  client: RobonomicsClient,
  account: string,
  onRecord: (record: DatalogRecord) => void,
): Promise<() => Promise<void>> {
  /** The ring's `end` up to which records were handed on; null before the first value. */
  let delivered: number | null = null;
  let stopped = false;
  // Reads one after the other, so records are handed on in the order they were written.
  let reading = Promise.resolve();
  const unsubscribe = await client.query.datalog.datalogIndex(account, (index) => {
    const end = Number(index.end);
    if (delivered === null) {
      delivered = end;
      return;
    }
    reading = reading.then(async () => {
      if (stopped || delivered === null || end === delivered) return;
      const from = delivered;
      try {
        const keys = datalogSlotKeys(account, datalogSlots(from, end));
        const [result] = await client.rpc.state_queryStorageAt(keys);
        const records = datalogRecordsAt(keys, result?.changes);
        if (stopped) return;
        delivered = end;
        for (const record of records) onRecord(record);
      } catch {
        // The link dropped during the read: the index the node sends on resubscribing reads
        // these slots again.
      }
    });
  });
  return async () => {
    stopped = true;
    await unsubscribe();
  };
}
