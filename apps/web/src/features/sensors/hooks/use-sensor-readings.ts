import {
  type DatalogRecord,
  fetchDatalogWindow,
} from '@robonomics-dapp/robonomics/chain/queries/datalog-window';
import { subscribeDatalogRecords } from '@robonomics-dapp/robonomics/chain/subscriptions/datalog-records';
import type { Reading } from '@robonomics-dapp/robonomics/sensors/measurements';
import { useEffect, useState } from 'react';
import { useChain } from '../../../lib/chain-store.ts';

/** The sensor's datalog, oldest first, parsed; new records are appended live. */
export function useSensorReadings(
  address: string | null,
  parse: (time: number, text: string) => Reading | null,
) {
  const client = useChain((s) => s.client);
  const [readings, setReadings] = useState<Reading[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!client || !address) return;
    let active = true;
    let unsubscribe: (() => Promise<void>) | null = null;
    const toReadings = (records: DatalogRecord[]) =>
      records.map((r) => parse(r.time, r.text)).filter((r): r is Reading => r !== null);
    setReadings(undefined);
    fetchDatalogWindow(client, address).then(
      (records) => active && setReadings(toReadings(records)),
      (e: unknown) => active && setError(e instanceof Error ? e.message : String(e)),
    );
    subscribeDatalogRecords(client, address, (record) => {
      const reading = parse(record.time, record.text);
      if (active && reading) setReadings((list) => [...(list ?? []), reading]);
    }).then(
      (unsub) => {
        unsubscribe = unsub;
        if (!active) void unsub();
      },
      () => {},
    );
    return () => {
      active = false;
      void unsubscribe?.();
    };
  }, [client, address, parse]);

  return { readings, error };
}
