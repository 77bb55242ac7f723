import { textAttribute } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  brightnessOfPct,
  brightnessPct,
  kelvinRange,
  lightAbilities,
  rgbOf,
  TRANSITION_OFFERED,
} from '@robonomics-dapp/robonomics/home-assistant/domains/light';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { type CSSProperties, useId, useState } from 'react';
import { ChoiceSelect, type ControlProps, offers, Slider } from './common.tsx';
import { DomainIcon } from './domain-icons.tsx';

/** HA's RGB triple as the colour input's "#rrggbb", and back. */
function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function hexToRgb(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return undefined;
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)];
}

interface Draft {
  brightness?: number;
  color_temp_kelvin?: number;
  rgb_color?: [number, number, number];
  effect?: string;
  transition?: number;
}

/**
 * A light as Home Assistant's more-info dialog offers it: the bulb inside its brightness ring
 * switches it on or off; brightness, colour or colour temperature, effect and transition are
 * edited together and sent as one turn_on by "Apply Changes".
 */
export function LightControls(props: ControlProps) {
  const { entity, send, disabled } = props;
  const a = entity.attributes;
  const abilities = lightAbilities(a);
  const on = entity.state === 'on';
  const brightness = on ? (attributeNumber(a.brightness) ?? 255) : 0;
  const rgb = rgbOf(a.rgb_color);
  const kelvin = attributeNumber(a.color_temp_kelvin);
  const kRange = kelvinRange(a);
  const [draft, setDraft] = useState<Draft>({});
  const transitionId = useId();
  const edit = (change: Draft) => setDraft((d) => ({ ...d, ...change }));
  const pct = brightnessPct(draft.brightness ?? brightness);
  const ring = { '--level': `${pct}%`, color: rgb ? rgbToHex(rgb) : undefined } as CSSProperties;
  const canApply = offers(props, 'turn_on');
  return (
    <div className="stack-s">
      <div className="row">
        <button
          type="button"
          className={`bulb main-control ${on ? 'lit' : ''}`}
          style={ring}
          role="switch"
          aria-checked={on}
          aria-label={`${entity.name}: ${on ? 'on' : 'off'}`}
          disabled={disabled || !offers(props, on ? 'turn_off' : 'turn_on')}
          onClick={() => send(on ? 'turn_off' : 'turn_on')}
        >
          <DomainIcon domain="light" size={30} />
        </button>
        <span className="small muted" data-testid={`brightness-${entity.id}`}>
          {on ? `${brightnessPct(brightness)}%` : 'Off'}
        </span>
      </div>
      {abilities.brightness && canApply && (
        <Slider
          label="Brightness"
          range={{ min: 1, max: 100, step: 1 }}
          value={Math.max(1, brightnessPct(brightness))}
          format={(v) => `${v}%`}
          disabled={disabled}
          onDraft={(v) => edit({ brightness: brightnessOfPct(v) })}
        />
      )}
      {abilities.colorTemp && canApply && (
        <Slider
          label="Colour temperature"
          range={{ ...kRange, step: 1 }}
          value={Math.round(kelvin ?? (kRange.min + kRange.max) / 2)}
          format={(v) => `${v} K`}
          disabled={disabled}
          onDraft={(v) => edit({ color_temp_kelvin: v, rgb_color: undefined })}
        />
      )}
      {abilities.color && canApply && (
        <div className="control-field row">
          <label className="small muted" htmlFor={`${transitionId}-c`}>
            Colour
          </label>
          <input
            id={`${transitionId}-c`}
            className="color-input"
            type="color"
            value={rgbToHex(draft.rgb_color ?? rgb ?? [255, 255, 255])}
            disabled={disabled}
            onChange={(e) => {
              const next = hexToRgb(e.target.value);
              if (next) edit({ rgb_color: next, color_temp_kelvin: undefined });
            }}
          />
        </div>
      )}
      {abilities.effects.length > 0 && canApply && (
        <ChoiceSelect
          props={props}
          label="Effect"
          value={draft.effect ?? textAttribute(a.effect)}
          options={abilities.effects}
          onChoose={(effect) => edit({ effect })}
        />
      )}
      {abilities.transition && canApply && (
        <div className="control-field">
          <label className="small muted" htmlFor={transitionId}>
            Transition, seconds
          </label>
          <input
            id={transitionId}
            className="input"
            type="number"
            min={TRANSITION_OFFERED.min}
            max={TRANSITION_OFFERED.max}
            step={TRANSITION_OFFERED.step}
            placeholder="0"
            value={draft.transition ?? ''}
            disabled={disabled}
            onChange={(e) =>
              edit({ transition: e.target.value === '' ? undefined : Number(e.target.value) })
            }
          />
        </div>
      )}
      {canApply && (abilities.brightness || abilities.color || abilities.effects.length > 0) && (
        <button
          type="button"
          className="button"
          disabled={disabled || Object.values(draft).every((v) => v === undefined)}
          onClick={() => {
            const params = Object.fromEntries(
              Object.entries(draft).filter(([, v]) => v !== undefined),
            );
            setDraft({});
            send('turn_on', params);
          }}
        >
          Apply Changes
        </button>
      )}
    </div>
  );
}
