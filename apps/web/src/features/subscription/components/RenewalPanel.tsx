import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { renewalDue } from '@robonomics-dapp/robonomics/rws/reminders';
import { expiryOf } from '@robonomics-dapp/robonomics/rws/subscription';
import { CalendarButton } from '../../../components/renewal/CalendarButton.tsx';
import { ReminderControls } from '../../../components/renewal/ReminderControls.tsx';
import { RenewalLine } from '../../../components/renewal/RenewalLine.tsx';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';

export interface RenewalFocus {
  owner: string;
  name: string;
  ledger: SubscriptionLedger;
}

/**
 * The dashboard card's reminders (loaded once the chain client runs, not with the first paint):
 * a line for every saved setup of this network whose subscription ends within 7 days or has
 * ended, "Add to calendar" for the card's own subscription, and the notifications button. The
 * card loads it only when there is a saved setup of this network or a subscription of its own.
 */
export default function RenewalPanel({ focus }: { focus?: RenewalFocus }) {
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const saved = useSavedSetups((s) => s.setups);
  const now = useChainNow();
  const setups = saved.filter((s) => s.network === network);
  const focusSetup = focus && {
    ...(setups.find((s) => addressEq(s.owner, focus.owner)) ?? { network }),
    owner: focus.owner,
    name: focus.name,
  };
  const expiry = focus ? expiryOf(focus.ledger) : null;
  // A focus that is due already has its line, with the calendar in it.
  const calendar =
    focusSetup && expiry !== null && now !== undefined && !renewalDue(focus.ledger, now);
  return (
    <div className="stack-s" data-testid="renewal-panel">
      {setups.map((setup) => (
        <RenewalLine key={setup.owner} setup={setup} />
      ))}
      {calendar && (
        <div className="row">
          <CalendarButton setup={focusSetup} expiry={expiry} />
        </div>
      )}
      <ReminderControls />
    </div>
  );
}
