import type { RobonomicsClient } from '../model/client-type.ts';
import type { DatalogRecord } from '../model/datalog.ts';
import { addressEq } from '../model/same-account.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Calls back with each new datalog record (Datalog.NewRecord) of one account. */
export function subscribeDatalogRecords(
  client: RobonomicsClient,
  account: string,
  onRecord: (record: DatalogRecord) => void,
): Promise<() => Promise<void>> {
  return client.events.datalog.NewRecord.watch((events) => {
    for (const event of events) {
      const [sender, moment, record] = event.palletEvent.data;
      if (!addressEq(sender.address(ROBONOMICS_SS58), account)) continue;
      const clean = record.startsWith('0x') ? record.slice(2) : record;
      const bytes = Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
      onRecord({ time: Number(moment), text: decoder.decode(bytes) });
    }
  });
}
