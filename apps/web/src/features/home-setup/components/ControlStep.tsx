import { Link } from 'react-router';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { homeKey, useHomeReports } from '../../../lib/stores/home-reports.ts';
import { formatDateTime } from '../../../lib/time/format-date.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function ControlSummary({ guide }: { guide: Guide }) {
  const controller = guide.setup?.controller?.address;
  const at = useHomeReports((s) =>
    controller ? s.reports[homeKey(guide.endpoint, controller)]?.controlledAt : undefined,
  );
  return at ? <>Your home took a command on {formatDateTime(at)}.</> : <>No command yet.</>;
}

/** Step 8: the first command, on the devices page; done once the home confirms one. */
export function ControlStep() {
  return (
    <div className="stack-s">
      <p className="small">
        Open Devices &amp; Control, sign in as a user if it asks, and switch something: this step is
        done once your home confirms a command from this device.
      </p>
      <p>
        <Link className="button primary" to={routePaths.devices}>
          Open Devices &amp; Control
        </Link>
      </p>
    </div>
  );
}
