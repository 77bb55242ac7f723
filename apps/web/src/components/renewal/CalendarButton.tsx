import { renewalCalendar } from '@robonomics-dapp/robonomics/rws/renewal-calendar';
import { downloadFile } from '../../lib/files/download-file.ts';
import { safeFileName } from '../../lib/files/file-name.ts';
import { appUrl, renewPath } from '../../lib/shell/route-table.ts';
import type { SavedSetup } from '../../lib/stores/saved-setups-format.ts';

/** "Add to calendar": the subscription's end as an .ics file with alarms 7 days and 1 day before. */
export function CalendarButton({ setup, expiry }: { setup: SavedSetup; expiry: number }) {
  const download = () =>
    downloadFile(
      `robonomics-${safeFileName(setup.name).replace(/\s+/g, '-')}-subscription-end.ics`,
      renewalCalendar({
        setupName: setup.name,
        owner: setup.owner,
        network: setup.network,
        expiry,
        renewUrl: appUrl(renewPath(setup.owner), location.href),
        now: Date.now(),
      }),
      'text/calendar',
    );
  return (
    <button
      type="button"
      className="button"
      onClick={download}
      aria-label={`Add to calendar: the end of ${setup.name}’s subscription`}
    >
      Add to calendar
    </button>
  );
}
