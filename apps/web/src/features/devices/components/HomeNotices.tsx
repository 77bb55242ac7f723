import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { useEffect } from 'react';
import { QuietHomeNotice } from '../../../components/renewal/QuietHomeNotice.tsx';
import { RenewalLine } from '../../../components/renewal/RenewalLine.tsx';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useHomeReports } from '../../../lib/stores/home-reports.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';

/**
 * The devices page's notices: a saved setup of this network (its own first) whose subscription
 * ends within 7 days or has ended, and its home went quiet. What the page knows beyond the chain (the newest report it showed,
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
  const saved = useSavedSetups((s) => s.setups);
  const others = saved.filter(
    (s) => s.network === setup.network && !addressEq(s.owner, setup.owner),
  );
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
      {[setup, ...others].map((s) => (
        <RenewalLine key={s.owner} setup={s} />
      ))}
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
