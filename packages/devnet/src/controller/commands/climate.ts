import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyFloat } from '../ha-format.ts';
import {
  type Attributes,
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  required,
  textList,
  toNumber,
  toText,
  unknownService,
} from './schema.ts';

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
 * A mode among a list the entity offers, or HA's refusal naming the valid ones, e.g.
 * "Fan mode turbo is not valid. Valid fan modes are: auto, low, high".
 */
function oneOf(kind: string, value: string, list: string[]): string {
  if (!list.includes(value)) {
    refuse(
      `${kind[0]!.toUpperCase()}${kind.slice(1)} ${value} is not valid. Valid ${kind}s are: ${list.join(', ')}`,
    );
  }
  return value;
}

export function climate(call: Call): EntityUpdate {
  const { entity, data, entityId } = call;
  const modes = textList(entity.attributes.hvac_modes);
  const withAction = (mode: string, attributes: Attributes = {}): EntityUpdate => {
    const next = { ...entity.attributes, ...attributes };
    if ('hvac_action' in entity.attributes) {
      next.hvac_action = hvacAction(mode, next, entity.attributes.hvac_action);
    }
    return { state: mode, attributes: next };
  };
  const checkMode = (mode: string | undefined): string | undefined =>
    mode === undefined ? undefined : oneOf('HVAC mode', mode, modes);
  switch (call.service) {
    case 'set_temperature': {
      onlyKeys(data, ['temperature', 'hvac_mode', 'target_temp_high', 'target_temp_low']);
      if ('target_temp_high' in data || 'target_temp_low' in data) {
        refuse(
          `Set temperature action was used with the target temperature low/high parameter but the entity does not support it.`,
        );
      }
      const temperature = required(toNumber(data, 'temperature'), 'temperature');
      const min = numberAttr(entity.attributes, 'min_temp', 7);
      const max = numberAttr(entity.attributes, 'max_temp', 35);
      if (temperature < min || temperature > max) {
        refuse(
          `Provided temperature ${pyFloat(temperature)} is not valid. Accepted range is ${pyFloat(min)} to ${pyFloat(max)}.`,
        );
      }
      const mode = checkMode(toText(data, 'hvac_mode')) ?? entity.state;
      return withAction(mode, { temperature: pyFloat(temperature) });
    }
    case 'set_hvac_mode': {
      onlyKeys(data, ['hvac_mode']);
      return withAction(required(checkMode(toText(data, 'hvac_mode')), 'hvac_mode'));
    }
    case 'set_preset_mode': {
      onlyKeys(data, ['preset_mode']);
      const preset = required(toText(data, 'preset_mode'), 'preset_mode');
      oneOf('preset mode', preset, textList(entity.attributes.preset_modes));
      return withAction(entity.state, { preset_mode: preset });
    }
    case 'set_fan_mode': {
      onlyKeys(data, ['fan_mode']);
      const fanModes = textList(entity.attributes.fan_modes);
      if (fanModes.length === 0) {
        refuse(`Entity ${entityId} does not support action climate.set_fan_mode`);
      }
      const mode = oneOf('fan mode', required(toText(data, 'fan_mode'), 'fan_mode'), fanModes);
      return withAction(entity.state, { fan_mode: mode });
    }
    case 'set_swing_mode': {
      onlyKeys(data, ['swing_mode']);
      const swingModes = textList(entity.attributes.swing_modes);
      if (swingModes.length === 0) {
        refuse(`Entity ${entityId} does not support action climate.set_swing_mode`);
      }
      const mode = oneOf(
        'swing mode',
        required(toText(data, 'swing_mode'), 'swing_mode'),
        swingModes,
      );
      return withAction(entity.state, { swing_mode: mode });
    }
    case 'turn_on':
    case 'turn_off':
    case 'toggle': {
      onlyKeys(data, []);
      const on = modes.find((m) => m !== 'off');
      const wantsOn =
        call.service === 'toggle' ? entity.state === 'off' : call.service === 'turn_on';
      const mode = wantsOn ? on : modes.includes('off') ? 'off' : undefined;
      if (!mode) refuse(`${entityId} cannot be turned ${wantsOn ? 'on' : 'off'}.`);
      // Turning on an entity that is already heating keeps its mode.
      return withAction(wantsOn && entity.state !== 'off' ? entity.state : mode);
    }
  }
  return unknownService(call);
}
