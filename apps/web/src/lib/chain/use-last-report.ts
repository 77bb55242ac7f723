import { fetchLastDatalog } from '@robonomics-dapp/robonomics/chain/queries/last-datalog';
import { readStorage, useChain } from '../stores/chain-store.ts';
import { cleanReport, homeKey, useHomeReports } from '../stores/home-reports.ts';
import { useChainQuery } from './use-chain-query.ts';
import { useLatestRecord } from './use-latest-record.ts';

export interface LastReport {
  /** The newest of the controller's datalog records and the reports seen live; null: none. */
  time: number | null;
  /** The home's sending interval (s) when this device has seen its config. */
  sendingTimeout: number | undefined;
  /** Whether the chain's answer is still awaited. */
  loading: boolean;
}

/**
 * When a home last reported: its controller's newest datalog record (public on the chain), a new
 * one as it comes, and the newest report the devices page showed on this device (a live /update).
 */
export function useLastReport(controller: string | null): LastReport {
  const endpoint = useChain((s) => s.endpoint);
  const stored = cleanReport(
    useHomeReports((s) => (controller ? s.reports[homeKey(endpoint, controller)] : undefined)),
  );
  // Two reads by key on the connection (no metadata needed), once the chain is there.
  const last = useChainQuery(controller ? ['last-datalog', controller] : null, () =>
    fetchLastDatalog(readStorage, controller!),
  );
  const latest = useLatestRecord(controller);
  const times = [last.data?.time, latest?.time, stored.reportedAt].filter(
    (t): t is number => typeof t === 'number',
  );
  return {
    time: times.length > 0 ? Math.max(...times) : null,
    sendingTimeout: stored.sendingTimeout,
    loading: controller !== null && last.data === undefined && last.error === null,
  };
}
