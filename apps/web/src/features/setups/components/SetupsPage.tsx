import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { activeSetupOf, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { SetupEditor } from './SetupEditor.tsx';
import { SetupsList } from './SetupsList.tsx';

export function SetupsPage() {
  const state = useSavedSetups();
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const [tab, setTab] = useState<'active' | 'all'>('active');
  const active = activeSetupOf(state, network);
  const choices = state.setups.filter((s) => s.network === network);
  const several = state.setups.length > 1;

  const editor = active ? (
    <SetupEditor key={`${active.network}:${active.owner}`} setup={active} choices={choices} />
  ) : (
    <section className="card stack">
      <p>
        {state.setups.length === 0
          ? "You haven't added any setups yet"
          : `No setup saved for this network (${network}). Choose one under All subscriptions or add one.`}
      </p>
      <Link to={routePaths.newSetup} className="button primary">
        Add a setup
      </Link>
    </section>
  );

  return (
    <>
      <PageHeading title={several ? 'Your setups' : 'Your setup'}>
        {several
          ? 'Saved subscription setups.'
          : 'Manage your subscription, its users and its controller.'}
      </PageHeading>
      {several ? (
        <>
          <Tabs
            label="Setups"
            value={tab}
            onChange={setTab}
            options={[
              { id: 'active', label: 'Active subscription' },
              { id: 'all', label: 'All subscriptions' },
            ]}
          />
          <div role="tabpanel">
            {tab === 'active' ? (
              editor
            ) : (
              <SetupsList network={network} onChosen={() => setTab('active')} />
            )}
          </div>
        </>
      ) : (
        editor
      )}
    </>
  );
}
