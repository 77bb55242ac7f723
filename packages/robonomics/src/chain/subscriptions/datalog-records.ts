import type { RobonomicsClient } from '../model/client-type.ts';
import type { DatalogRecord } from '../model/datalog.ts';
import {
  datalogRecordsAt,
  datalogSlotKeys,
  datalogSlots,
  newestDatalogSlot,
} from '../model/datalog-ring.ts';

/**
 * Calls back with an account's newest datalog record when following begins (if it has one), then
 * with each record it writes from then on, oldest first, each once. The newest comes first so that
 * a record written between a reader's own read and the subscription is not lost: readers compare
 * it with what they read (sensor-records.ts, use-home.ts).
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
      // The newest record first: from the slot before `end`, when the ring is not empty.
      delivered = newestDatalogSlot({ start: Number(index.start), end }) ?? end;
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
