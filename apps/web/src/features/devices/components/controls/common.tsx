import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import type { Range } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type EntityView, serviceAvailable } from '../../view/device-groups.ts';

/** A control action: the service to call on this entity with extra parameters. */
export type Send = (service: string, params?: Record<string, unknown>) => void;

export interface ControlProps {
  entity: EntityView;
  config: HaConfig | null;
  send: Send;
  /** True while the entity is unavailable or unknown. */
  disabled: boolean;
}

/** Whether the home's config offers `service` for the entity's domain. */
export const offers = ({ config, entity }: ControlProps, service: string) =>
  serviceAvailable(config, entity.domain, service);

/** The main on/off control: a large switch with the state in words. */
export function PowerSwitch({
  props,
  on,
  onService = 'turn_on',
  offService = 'turn_off',
  children,
}: {
  props: ControlProps;
  on: boolean;
  onService?: string;
  offService?: string;
  children?: ReactNode;
}) {
  const service = on ? offService : onService;
  return (
    <button
      type="button"
      className={`button main-control power ${on ? 'primary' : ''}`}
      role="switch"
      aria-checked={on}
      aria-label={`${props.entity.name}: ${on ? 'on' : 'off'}`}
      disabled={props.disabled || !offers(props, service)}
      onClick={() => props.send(service)}
    >
      {children ?? (on ? 'On' : 'Off')}
    </button>
  );
}

/** A button calling one service, shown only when the config offers it. */
export function ServiceButton({
  props,
  service,
  params,
  label,
  main = false,
  disabled = false,
}: {
  props: ControlProps;
  service: string;
  params?: Record<string, unknown>;
  label: string;
  main?: boolean;
  disabled?: boolean;
}) {
  if (!offers(props, service)) return null;
  return (
    <button
      type="button"
      className={`button ${main ? 'main-control primary' : ''}`}
      aria-label={`${props.entity.name}: ${label}`}
      disabled={props.disabled || disabled}
      onClick={() => props.send(service, params)}
    >
      {label}
    </button>
  );
}

/** A labelled select that calls its service as soon as an option is chosen. */
export function ChoiceSelect({
  props,
  label,
  value,
  options,
  onChoose,
}: {
  props: ControlProps;
  label: string;
  value: string | undefined;
  options: string[];
  onChoose: (option: string) => void;
}) {
  const id = useId();
  if (options.length === 0) return null;
  const current = value ?? '';
  return (
    <div className="control-field">
      <label htmlFor={id} className="small muted">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={current}
        disabled={props.disabled}
        onChange={(e) => onChoose(e.target.value)}
      >
        {!options.includes(current) && <option value={current}>{current || '—'}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A labelled slider whose value is committed when the user lets go (the input's native change
 * event: end of a drag, a key press, or a value set programmatically), not on every movement.
 */
export function Slider({
  label,
  range,
  value,
  format,
  disabled,
  onCommit,
  onDraft,
}: {
  label: string;
  range: Range;
  value: number;
  format: (value: number) => string;
  disabled: boolean;
  onCommit?: (value: number) => void;
  onDraft?: (value: number) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  // A new value from the home replaces the draft.
  useEffect(() => setDraft(value), [value]);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const listener = () => commit.current?.(Number(input.value));
    input.addEventListener('change', listener);
    return () => input.removeEventListener('change', listener);
  }, []);
  return (
    <div className="control-field">
      <div className="row spread">
        <label htmlFor={id} className="small muted">
          {label}
        </label>
        <output htmlFor={id} className="small">
          {format(draft)}
        </output>
      </div>
      <input
        ref={ref}
        id={id}
        className="slider"
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={draft}
        disabled={disabled}
        onChange={(e) => {
          const next = Number(e.target.value);
          setDraft(next);
          onDraft?.(next);
        }}
      />
    </div>
  );
}

/** A read-only fact of the entity: "Current 21.5 °C". */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
