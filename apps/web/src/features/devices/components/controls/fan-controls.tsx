import {
  supports,
  textAttribute,
  textOptions,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  FAN_DIRECTIONS,
  FAN_FEATURES,
  percentageStep,
} from '@robonomics-dapp/robonomics/home-assistant/domains/fan';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useId } from 'react';
import { ChoiceSelect, type ControlProps, offers, PowerSwitch, Slider } from './common.tsx';

/** Fans: power, speed by HA's percentage step, oscillation, direction and preset. */
export function FanControls(props: ControlProps) {
  const { entity, send, disabled } = props;
  const a = entity.attributes;
  const id = useId();
  const percentage = attributeNumber(a.percentage) ?? 0;
  const oscillating = a.oscillating === true || a.oscillating === 'True';
  return (
    <div className="stack-s">
      <div className="row">
        <PowerSwitch props={props} on={entity.state === 'on'} />
      </div>
      {supports(a, FAN_FEATURES.SET_SPEED) && offers(props, 'set_percentage') && (
        <Slider
          label="Speed"
          range={{ min: 0, max: 100, step: percentageStep(a) }}
          value={entity.state === 'on' ? percentage : 0}
          format={(v) => `${Math.round(v)}%`}
          disabled={disabled}
          onCommit={(v) => send('set_percentage', { percentage: Math.round(v) })}
        />
      )}
      {supports(a, FAN_FEATURES.OSCILLATE) && offers(props, 'oscillate') && (
        <label className="row control-check" htmlFor={`${id}-o`}>
          <input
            id={`${id}-o`}
            type="checkbox"
            checked={oscillating}
            disabled={disabled}
            // 1/0 rather than true/false: a command that goes through the chain is read with
            // Python's literal_eval, where JSON's true is no value (docs/home-assistant.md).
            onChange={(e) => send('oscillate', { oscillating: e.target.checked ? 1 : 0 })}
          />
          Oscillate
        </label>
      )}
      {supports(a, FAN_FEATURES.DIRECTION) && offers(props, 'set_direction') && (
        <ChoiceSelect
          props={props}
          label="Direction"
          value={textAttribute(a.direction)}
          options={[...FAN_DIRECTIONS]}
          onChoose={(direction) => send('set_direction', { direction })}
        />
      )}
      {supports(a, FAN_FEATURES.PRESET_MODE) && offers(props, 'set_preset_mode') && (
        <ChoiceSelect
          props={props}
          label="Preset"
          value={textAttribute(a.preset_mode)}
          options={textOptions(a.preset_modes)}
          onChoose={(preset) => send('set_preset_mode', { preset_mode: preset })}
        />
      )}
    </div>
  );
}
