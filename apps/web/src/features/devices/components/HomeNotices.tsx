import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { useEffect } from 'react';
import { QuietHomeNotice } from '../../../components/renewal/QuietHomeNotice.tsx';
import { RenewalLine } from '../../../components/renewal/RenewalLine.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { useHomeReports } from '../../../lib/home-reports.ts';
import type { SavedSetup } from '../../../lib/saved-setups.ts';

/**
 * The devices page's notices for its setup: the subscription ends within 7 days or has ended,
 * and the home went quiet. What the page knows beyond the chain (the newest report it showed,
 * the config's sending interval) is kept for the header popup and the reminder worker.
 */
export function HomeNotices({
  setup,
  updated,
  config,
}: {
  setup: SavedSetup;
  updated: number | null;
  config: HaConfig | null;
}) {
  const endpoint = useChain((s) => s.endpoint);
  const note = useHomeReports((s) => s.note);
  const controller = setup.controller?.address ?? null;
  const sendingTimeout = config?.sending_timeout;
  useEffect(() => {
    if (controller && (updated !== null || sendingTimeout !== undefined)) {
      note(endpoint, controller, { reportedAt: updated ?? undefined, sendingTimeout });
    }
  }, [note, endpoint, controller, updated, sendingTimeout]);
  return (
    <>
      <RenewalLine setup={setup} />
      {controller && (
        <QuietHomeNotice
          controller={controller}
          updated={updated}
          sendingTimeout={sendingTimeout}
        />
      )}
    </>
  );
}
