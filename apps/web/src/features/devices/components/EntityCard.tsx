import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { checkCommand } from '@robonomics-dapp/robonomics/home-assistant/domains/check-command';
import { memo, useState } from 'react';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { formatDateTime } from '../../../lib/time/format-date.ts';
import { type EntityView, isUnavailable } from '../view/device-groups.ts';
import { presentationOf } from '../view/domain-presentation.ts';
import { stateTone, stateWords } from '../view/state-words.ts';
import type { Send } from './controls/common.tsx';
import { DomainIcon } from './controls/domain-icons.tsx';
import { EntityControls } from './controls/entity-controls.tsx';
import { StateTimeline } from './StateTimeline.tsx';
import './controls/controls.css';

export type { Send } from './controls/common.tsx';

function numericHistory(entity: EntityView) {
  const points = entity.history.map((h) => ({ x: h.time, y: Number.parseFloat(h.state) }));
  const numeric = points.filter((p) => Number.isFinite(p.y));
  if (numeric.length < 2 || numeric.length < points.length / 2) return null;
  return {
    xs: points.map((p) => p.x),
    ys: points.map((p) => (Number.isFinite(p.y) ? p.y : null)),
  };
}

/**
 * One entity as a tile: its domain icon tinted by state, the name (markup is shown as text), the
 * state in words, the domain's controls with the main one as a large target, and its history.
 * A command outside what the entity accepts is refused here, in words, before it is sent.
 */
export const EntityCard = memo(function EntityCard({
  entity,
  config,
  send,
  status,
}: {
  entity: EntityView;
  config: HaConfig | null;
  send: Send;
  /** The status text of this entity's last command, if any. */
  status?: string;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const unavailable = isUnavailable(entity.state);
  const tone = stateTone(entity.domain, entity.state, entity.attributes);
  const numeric =
    entity.domain === 'sensor' || entity.domain === 'number' ? numericHistory(entity) : null;
  const binary =
    !numeric && entity.history.length > 1 && presentationOf(entity.domain).timeline === true;
  const checkedSend: Send = (service, params) => {
    const error = checkCommand(entity.domain, entity.attributes, service, params);
    setRefusal(error);
    if (!error) send(service, params);
  };
  return (
    <article
      className={`card stack-s entity tone-${tone} ${unavailable ? 'unavailable' : ''}`}
      data-entity={entity.id}
      data-tone={tone}
    >
      <header className="row entity-head">
        <span className="entity-icon">
          <DomainIcon domain={entity.domain} />
        </span>
        <h3 className="entity-name">{entity.name}</h3>
        <span className="small muted mono entity-domain">{entity.domain}</span>
      </header>
      <p className="entity-state" data-testid={`state-${entity.id}`} data-state={entity.state}>
        {stateWords(entity.domain, entity.state, formatDateTime)}
        {entity.units && !unavailable ? ` ${entity.units}` : ''}
      </p>
      <EntityControls entity={entity} config={config} send={checkedSend} disabled={unavailable} />
      {refusal && (
        <p className="small error" role="alert">
          {refusal}
        </p>
      )}
      {status && (
        <p className="small" role="status">
          {status}
        </p>
      )}
      {numeric && (
        <TimeSeriesChart
          title={`${entity.name} history`}
          height={140}
          series={[{ label: entity.name, unit: entity.units ?? undefined, ...numeric }]}
        />
      )}
      {binary && <StateTimeline history={entity.history} label={`${entity.name} history`} />}
      {entity.updated && <p className="small muted">Updated {formatDateTime(entity.updated)}</p>}
    </article>
  );
});
