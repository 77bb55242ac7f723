import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useMemo, useState } from 'react';
import { Tabs } from '../../../components/Tabs.tsx';
import { safeStorage } from '../../../lib/safe-storage.ts';
import { entityViews, groupEntities } from '../home-view.ts';
import { EntityCard, type Send } from './EntityCard.tsx';

const VIEW_KEY = 'robonomics-dapp.devices-view.v1';

/** The home like Home Assistant shows it: entity cards grouped by category or by area. */
export default function HomeDashboard({
  states,
  config,
  send,
  statusOf,
}: {
  states: HaStates;
  config: HaConfig | null;
  send: (entityId: string, domain: string) => Send;
  statusOf: (entityId: string) => string | undefined;
}) {
  const [by, setBy] = useState<'category' | 'area'>(
    safeStorage.get(VIEW_KEY) === 'area' ? 'area' : 'category',
  );
  const groups = useMemo(() => groupEntities(entityViews(states), by), [states, by]);
  const [tab, setTab] = useState<string | null>(null);
  const current = groups.find((g) => g.title === tab) ?? groups[0];
  if (groups.length === 0) return <p>The controller reports no entities.</p>;
  return (
    <section className="stack" aria-label="Home">
      <div className="row">
        <span className="small muted">Sort by</span>
        <Tabs
          label="Sort by"
          value={by}
          onChange={(v) => {
            setBy(v);
            setTab(null);
            safeStorage.set(VIEW_KEY, v);
          }}
          options={[
            { id: 'category', label: 'Category' },
            { id: 'area', label: 'Area' },
          ]}
        />
      </div>
      <Tabs
        label="Groups"
        value={current!.title}
        onChange={setTab}
        options={groups.map((g) => ({ id: g.title, label: `${g.title} (${g.entities.length})` }))}
      />
      <div className="entity-grid">
        {current!.entities.map((entity) => (
          <EntityCard
            key={entity.id}
            entity={entity}
            config={config}
            send={send(entity.id, entity.domain)}
            status={statusOf(entity.id)}
          />
        ))}
      </div>
    </section>
  );
}
