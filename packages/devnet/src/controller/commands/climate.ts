import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { CLIMATE, climateRange } from '@robonomics-dapp/robonomics/home-assistant/domains/climate';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyFloat } from '../ha-api/ha-format.ts';
import { type Attributes, type Call, domainHome, type EntityUpdate, refuse } from './schema.ts';

/** What a climate entity's `hvac_action` becomes in a mode, from its temperatures. */
function hvacAction(mode: string, next: Attributes, previous: unknown): unknown {
  const current = attributeNumber(next.current_temperature);
  const target = attributeNumber(next.temperature);
  if (mode === 'off') return 'off';
  if (current === undefined || target === undefined) return previous;
  if (mode === 'heat') return current < target ? 'heating' : 'idle';
  if (mode === 'cool') return current > target ? 'cooling' : 'idle';
  if (mode === 'dry') return 'drying';
  if (mode === 'fan_only') return 'fan';
  if (mode === 'heat_cool' || mode === 'auto') {
    return current < target ? 'heating' : current > target ? 'cooling' : 'idle';
  }
  return previous;
}

/**
 * A mode among the list the entity gives in `listKey`, or HA's refusal naming the valid ones,
 * e.g. "Fan mode turbo is not valid. Valid fan modes are: auto, low, high".
 */
function oneOf(call: Call, kind: string, value: string, listKey: string): string {
  const list = listedIn(listKey)(call.entity.attributes);
  if (!list.includes(value)) {
    refuse(
      `${kind[0]!.toUpperCase()}${kind.slice(1)} ${value} is not valid. Valid ${kind}s are: ${list.join(', ')}`,
    );
  }
  return value;
}

/** The entity in `mode` with `attributes`, its `hvac_action` following. */
function withAction(call: Call, mode: string, attributes: Attributes = {}): EntityUpdate {
  const previous = call.entity.attributes;
  const next = { ...previous, ...attributes };
  if ('hvac_action' in previous) next.hvac_action = hvacAction(mode, next, previous.hvac_action);
  return { state: mode, attributes: next };
}

function power(call: Call): EntityUpdate {
  const { entity, entityId } = call;
  const modes = listedIn('hvac_modes')(entity.attributes);
  const on = modes.find((m) => m !== 'off');
  const wantsOn = call.service === 'toggle' ? entity.state === 'off' : call.service === 'turn_on';
  const mode = wantsOn ? on : modes.includes('off') ? 'off' : undefined;
  if (!mode) refuse(`${entityId} cannot be turned ${wantsOn ? 'on' : 'off'}.`);
  // Turning on an entity that is already heating keeps its mode.
  return withAction(call, wantsOn && entity.state !== 'off' ? entity.state : mode);
}

/**
 * Climate: the target temperature within the entity's range, the HVAC mode and the fan, preset
 * and swing modes among the lists the entity gives, on and off by HVAC mode.
 */
export const climate = domainHome(CLIMATE, {
  set_temperature: (call, values) => {
    if (values.target_temp_high !== undefined || values.target_temp_low !== undefined) {
      refuse(
        `Set temperature action was used with the target temperature low/high parameter but the entity does not support it.`,
      );
    }
    const { temperature, hvac_mode } = values;
    const { min, max } = climateRange(call.entity.attributes);
    if (temperature < min || temperature > max) {
      refuse(
        `Provided temperature ${pyFloat(temperature)} is not valid. Accepted range is ${pyFloat(min)} to ${pyFloat(max)}.`,
      );
    }
    const mode =
      hvac_mode === undefined
        ? call.entity.state
        : oneOf(call, 'HVAC mode', hvac_mode, 'hvac_modes');
    return withAction(call, mode, { temperature: pyFloat(temperature) });
  },
  set_hvac_mode: (call, { hvac_mode }) =>
    withAction(call, oneOf(call, 'HVAC mode', hvac_mode, 'hvac_modes')),
  set_preset_mode: (call, { preset_mode }) =>
    withAction(call, call.entity.state, {
      preset_mode: oneOf(call, 'preset mode', preset_mode, 'preset_modes'),
    }),
  set_fan_mode: (call, { fan_mode }) =>
    withAction(call, call.entity.state, {
      fan_mode: oneOf(call, 'fan mode', fan_mode, 'fan_modes'),
    }),
  set_swing_mode: (call, { swing_mode }) =>
    withAction(call, call.entity.state, {
      swing_mode: oneOf(call, 'swing mode', swing_mode, 'swing_modes'),
    }),
  turn_on: power,
  turn_off: power,
  toggle: power,
});
