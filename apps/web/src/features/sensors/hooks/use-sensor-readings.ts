import type { DatalogRecord } from '@robonomics-dapp/robonomics/chain/model/datalog';
import { fetchDatalogWindow } from '@robonomics-dapp/robonomics/chain/queries/datalog-window';
import { subscribeDatalogRecords } from '@robonomics-dapp/robonomics/chain/subscriptions/datalog-records';
import type { Reading } from '@robonomics-dapp/robonomics/sensors/measurements';
import { useMemo } from 'react';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { joinRecords } from './sensor-records.ts';

/** The records of `address` since the subscription opened, oldest first (shared by readers). */
function useLiveRecords(address: string | null): readonly DatalogRecord[] {
  return (
    useChainSubscription<readonly DatalogRecord[]>(
      address ? `datalog-records:${address}` : null,
      (client, set) => {
        let list: DatalogRecord[] = [];
        set(list);
        return subscribeDatalogRecords(client, address!, (record) => {
          list = [...list, record];
          set(list);
        });
      },
    ).value ?? []
  );
}

/** The sensor's datalog, oldest first, parsed; new records are appended live. */
export function useSensorReadings(
  address: string | null,
  parse: (time: number, text: string) => Reading | null,
) {
  const window = useChainQuery<DatalogRecord[]>(address ? ['datalog-window', address] : null, (c) =>
    fetchDatalogWindow(c, address!),
  );
  const live = useLiveRecords(address);
  const readings = useMemo(
    () =>
      window.data === undefined
        ? undefined
        : joinRecords(window.data, live)
            .map((r) => parse(r.time, r.text))
            .filter((r): r is Reading => r !== null),
    [window.data, live, parse],
  );
  return { readings, error: window.error };
}
