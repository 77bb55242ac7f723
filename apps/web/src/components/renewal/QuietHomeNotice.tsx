import {
  QUIET_CHECKS,
  quietSince,
  quietText,
} from '@robonomics-dapp/robonomics/home-assistant/quiet-home';
import { useLastReport } from '../../lib/chain/use-last-report.ts';
import { formatDateTime } from '../../lib/time/format-date.ts';
import { useNow } from '../../lib/time/use-now.ts';
import './renewal.css';

/**
 * "Your home has not reported since <time>" when the home's newest report (a datalog record, or
 * an /update the devices page showed) is older than three of its sending intervals, with what to
 * check. `updated` and `sendingTimeout` are what the devices page knows beyond the chain.
 */
export function QuietHomeNotice({
  controller,
  updated,
  sendingTimeout,
}: {
  controller: string;
  updated?: number | null;
  sendingTimeout?: number;
}) {
  const now = useNow();
  const last = useLastReport(controller);
  const newest = Math.max(last.time ?? 0, updated ?? 0) || null;
  const since = quietSince(newest, sendingTimeout ?? last.sendingTimeout, now);
  if (since === null) return null;
  return (
    <div className="quiet-home" role="status" data-testid="quiet-home">
      <p>
        <strong>{quietText(since, formatDateTime)}</strong>
      </p>
      <p className="small">{QUIET_CHECKS}</p>
    </div>
  );
}
