import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { randomSetupName, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { GuideStepId } from '../guide-steps.ts';
import { type Guide, useGuide } from '../hooks/use-guide.ts';
import { AccountStep, AccountSummary } from './AccountStep.tsx';
import { ControllerStep, ControllerSummary } from './ControllerStep.tsx';
import { ControlStep, ControlSummary } from './ControlStep.tsx';
import { DeviceListStep, DeviceListSummary } from './DeviceListStep.tsx';
import { GuideStep } from './GuideStep.tsx';
import { HaFileStep, HaFileSummary } from './HaFileStep.tsx';
import { PublicationStep, PublicationSummary } from './PublicationStep.tsx';
import { SubscriptionStep, SubscriptionSummary } from './SubscriptionStep.tsx';
import { UsersStep, UsersSummary } from './UsersStep.tsx';

type StepView = {
  title: string;
  Summary: (props: { guide: Guide }) => React.ReactNode;
  Body: (props: { guide: Guide }) => React.ReactNode;
  more?: { to: string; label: string };
};

const VIEWS: Record<GuideStepId, StepView> = {
  account: {
    title: 'An account with enough XRT',
    Summary: AccountSummary,
    Body: AccountStep,
  },
  subscription: {
    title: 'The subscription',
    Summary: SubscriptionSummary,
    Body: SubscriptionStep,
    more: { to: routePaths.buy, label: 'Buy or renew on the full page' },
  },
  controller: {
    title: 'The controller (Home Assistant’s account)',
    Summary: ControllerSummary,
    Body: ControllerStep,
    more: { to: routePaths.setups, label: 'Your setup: controller and more' },
  },
  users: {
    title: 'The users',
    Summary: UsersSummary,
    Body: UsersStep,
    more: { to: routePaths.setups, label: 'Your setup: users and labels' },
  },
  devices: {
    title: 'The device list, on the chain',
    Summary: DeviceListSummary,
    Body: DeviceListStep,
    more: { to: routePaths.setups, label: 'Your setup: the whole list' },
  },
  file: {
    title: 'The file Home Assistant imports',
    Summary: HaFileSummary,
    Body: HaFileStep,
    more: { to: routePaths.setups, label: 'Your setup: setup files with other settings' },
  },
  publication: {
    title: 'The home’s first publication',
    Summary: PublicationSummary,
    Body: PublicationStep,
  },
  control: {
    title: 'Your first command',
    Summary: ControlSummary,
    Body: ControlStep,
    more: { to: routePaths.devices, label: 'Devices & Control' },
  },
};

/**
 * "Set up your home": the path from an empty browser to a home under control, one checklist
 * whose steps are checked on the chain and the network (docs/product-rules.md, "The guided
 * setup"). Each step links to the full page that does more.
 */
export function HomeSetupPage() {
  const guide = useGuide();
  const { owner, subscription } = guide.facts;
  const setupMissing = useSavedSetups(
    (s) =>
      owner !== null &&
      !s.setups.some((x) => x.network === guide.network && addressEq(x.owner, owner)),
  );
  // A subscription bought elsewhere (or on another device) gets its setup here.
  useEffect(() => {
    if (owner && subscription?.active && setupMissing) {
      useSavedSetups
        .getState()
        .addSetup({ owner, name: randomSetupName(), network: guide.network });
    }
  }, [owner, subscription?.active, setupMissing, guide.network]);
  const done = guide.steps.filter((s) => s.state === 'done').length;

  return (
    <>
      <PageHeading title="Set up your home">
        From an empty browser to a home you control. Each step is checked on the chain and the
        network, so this list picks up where you left it, in this browser or another.
      </PageHeading>
      <p className="small" data-testid="guide-progress">
        {done} of {guide.steps.length} steps done.
      </p>
      <ol className="guide plain-list stack" aria-label="Steps">
        {guide.steps.map(({ id, state }, index) => {
          const { title, Summary, Body, more } = VIEWS[id];
          return (
            <GuideStep
              key={id}
              id={id}
              number={index + 1}
              state={state}
              title={title}
              summary={<Summary guide={guide} />}
              more={more}
            >
              <Body guide={guide} />
            </GuideStep>
          );
        })}
      </ol>
      {done === guide.steps.length && (
        <p className="ok" role="status">
          Your home is set up. <Link to={routePaths.devices}>Devices &amp; Control</Link> is where
          you use it from now on.
        </p>
      )}
    </>
  );
}
