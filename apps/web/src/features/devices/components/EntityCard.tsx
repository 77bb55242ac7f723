import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { attributeList, attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useId, useState } from 'react';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { type EntityView, isUnavailable, serviceAvailable } from '../home-view.ts';
import { StateTimeline } from './StateTimeline.tsx';

/** A control action: the service to call on this entity with extra parameters. */
export type Send = (service: string, params?: Record<string, unknown>) => void;

const ON_STATES = new Set(['on', 'open', 'heat', 'locked', 'enabled', 'activated']);

function numericHistory(entity: EntityView) {
  const points = entity.history.map((h) => ({ x: h.time, y: Number.parseFloat(h.state) }));
  const numeric = points.filter((p) => Number.isFinite(p.y));
  if (numeric.length < 2 || numeric.length < points.length / 2) return null;
  return {
    xs: points.map((p) => p.x),
    ys: points.map((p) => (Number.isFinite(p.y) ? p.y : null)),
  };
}

function Toggle({
  entity,
  config,
  send,
  disabled,
  on = 'turn_on',
  off = 'turn_off',
}: {
  entity: EntityView;
  config: HaConfig | null;
  send: Send;
  disabled: boolean;
  on?: string;
  off?: string;
}) {
  const isOn = ON_STATES.has(entity.state);
  const service = isOn ? off : on;
  const offered = serviceAvailable(config, entity.domain, service);
  return (
    <button
      type="button"
      className={`button toggle ${isOn ? 'primary' : ''}`}
      role="switch"
      aria-checked={isOn}
      aria-label={`${entity.name}: ${isOn ? 'on' : 'off'}`}
      disabled={disabled || !offered}
      onClick={() => send(service)}
    >
      {isOn ? 'On' : 'Off'}
    </button>
  );
}

function Controls({
  entity,
  config,
  send,
  disabled,
}: {
  entity: EntityView;
  config: HaConfig | null;
  send: Send;
  disabled: boolean;
}) {
  const id = useId();
  const a = entity.attributes;
  const [value, setValue] = useState('');
  switch (entity.domain) {
    case 'switch':
    case 'input_boolean':
    case 'automation':
      return <Toggle entity={entity} config={config} send={send} disabled={disabled} />;
    case 'valve':
      return (
        <Toggle
          entity={entity}
          config={config}
          send={send}
          disabled={disabled}
          on="open_valve"
          off="close_valve"
        />
      );
    case 'light': {
      const brightness = attributeNumber(a.brightness);
      return (
        <div className="row">
          <Toggle entity={entity} config={config} send={send} disabled={disabled} />
          <label htmlFor={`${id}-b`} className="small">
            Brightness
          </label>
          <input
            id={`${id}-b`}
            type="range"
            min={0}
            max={255}
            defaultValue={brightness ?? 0}
            disabled={disabled}
            onPointerUp={(e) => send('turn_on', { brightness: Number(e.currentTarget.value) })}
            onKeyUp={(e) => send('turn_on', { brightness: Number(e.currentTarget.value) })}
          />
        </div>
      );
    }
    case 'climate': {
      const target = attributeNumber(a.temperature);
      const min = attributeNumber(a.min_temp) ?? 7;
      const max = attributeNumber(a.max_temp) ?? 35;
      const step = attributeNumber(a.target_temp_step) ?? 0.5;
      const modes = (attributeList(a.hvac_modes) ?? []).map(String);
      return (
        <div className="stack-s">
          <div className="row">
            <button
              type="button"
              className="button"
              aria-label={`${entity.name}: lower`}
              disabled={disabled || target === undefined || target - step < min}
              onClick={() => send('set_temperature', { temperature: (target ?? min) - step })}
            >
              −
            </button>
            <span data-testid={`target-${entity.id}`}>{target ?? '—'} °C</span>
            <button
              type="button"
              className="button"
              aria-label={`${entity.name}: raise`}
              disabled={disabled || target === undefined || target + step > max}
              onClick={() => send('set_temperature', { temperature: (target ?? min) + step })}
            >
              +
            </button>
          </div>
          {modes.length > 0 && (
            <select
              className="input"
              aria-label={`${entity.name}: mode`}
              value={entity.state}
              disabled={disabled}
              onChange={(e) => send('set_hvac_mode', { hvac_mode: e.target.value })}
            >
              {modes.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          )}
        </div>
      );
    }
    case 'select':
    case 'input_select': {
      const options = (attributeList(a.options) ?? []).map(String);
      return (
        <select
          className="input"
          aria-label={`${entity.name}: option`}
          value={entity.state}
          disabled={disabled}
          onChange={(e) => send('select_option', { option: e.target.value })}
        >
          {!options.includes(entity.state) && <option value={entity.state}>{entity.state}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    case 'number':
    case 'input_number': {
      const min = attributeNumber(a.min);
      const max = attributeNumber(a.max);
      const step = attributeNumber(a.step);
      return (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (value !== '') send('set_value', { value: Number(value) });
          }}
        >
          <input
            className="input"
            type="number"
            aria-label={`${entity.name}: value`}
            min={min}
            max={max}
            step={step ?? 'any'}
            placeholder={entity.state}
            value={value}
            disabled={disabled}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="button" disabled={disabled || value === ''}>
            Set
          </button>
        </form>
      );
    }
    case 'button':
    case 'input_button':
      return (
        <button
          type="button"
          className="button"
          disabled={disabled || !serviceAvailable(config, entity.domain, 'press')}
          onClick={() => send('press')}
        >
          Press
        </button>
      );
    default:
      return null;
  }
}

/** One entity: its state (markup in names is shown as text), controls and history. */
export function EntityCard({
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
  const unavailable = isUnavailable(entity.state);
  const numeric =
    entity.domain === 'sensor' || entity.domain === 'number' ? numericHistory(entity) : null;
  const binary =
    !numeric &&
    entity.history.length > 1 &&
    ['binary_sensor', 'switch', 'light', 'input_boolean', 'automation'].includes(entity.domain);
  return (
    <article
      className={`card stack-s entity ${unavailable ? 'unavailable' : ''}`}
      data-entity={entity.id}
    >
      <header className="row spread">
        <h4 className="entity-name">{entity.name}</h4>
        <span className="small muted mono">{entity.domain}</span>
      </header>
      <p className="entity-state" data-testid={`state-${entity.id}`}>
        {entity.state}
        {entity.units && !unavailable ? ` ${entity.units}` : ''}
      </p>
      <Controls entity={entity} config={config} send={send} disabled={unavailable} />
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
}
