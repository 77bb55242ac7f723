import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { NUMBER, numberRange } from '@robonomics-dapp/robonomics/home-assistant/domains/number';
import { SELECT } from '@robonomics-dapp/robonomics/home-assistant/domains/select';
import { TEXT, textLimits } from '@robonomics-dapp/robonomics/home-assistant/domains/text';
import { likeExisting, pyFloat } from '../ha-api/ha-format.ts';
import { type Call, domainHome, refuse, same } from './schema.ts';

/** Numbers: a value within the entity's `min`..`max`, on its `step` from `min`. */
export const number = domainHome(NUMBER, {
  set_value: (call, { value }) => {
    const { min, max, step } = numberRange(call.entity.attributes);
    const id = call.entityId;
    if (value < min || value > max) {
      refuse(
        `Value ${pyFloat(value)} for ${id} is outside valid range ${pyFloat(min)} - ${pyFloat(max)}`,
      );
    }
    const steps = (value - min) / step;
    // A fraction of a step off is float noise ("0.30000000000000004").
    if (Math.abs(steps - Math.round(steps)) >= 1e-6) {
      refuse(
        `Value ${pyFloat(value)} for ${id} is not a multiple of its step ${pyFloat(step)} from ${pyFloat(min)}.`,
      );
    }
    // Snap away float noise (0.30000000000000004 -> 0.3) at the step's precision.
    const decimals = Math.min(10, (String(step).split('.')[1] ?? '').length);
    return same(call, likeExisting(Number(value.toFixed(decimals)), call.entity.state));
  },
});

/** The entity's options; a select without any refuses every call. */
function options(call: Call): string[] {
  const list = listedIn('options')(call.entity.attributes);
  if (list.length === 0) refuse(`${call.entityId} has no options.`);
  return list;
}

/** The next or previous option, going round unless `cycle` is off. */
function move(call: Call, cycle = true) {
  const list = options(call);
  const index = list.indexOf(call.entity.state);
  const delta = call.service === 'select_next' ? 1 : -1;
  let next = index === -1 ? (delta === 1 ? 0 : list.length - 1) : index + delta;
  if (next >= list.length) next = cycle ? 0 : list.length - 1;
  if (next < 0) next = cycle ? list.length - 1 : 0;
  return same(call, list[next]!);
}

/** Selects: an option of the list, the first, the last, the next or the previous. */
export const select = domainHome(SELECT, {
  select_option: (call, { option }) => {
    const list = options(call);
    if (!list.includes(option)) {
      refuse(
        `Option ${option} is not valid for ${call.entityId}. Valid options are: ${list.join(', ')}`,
      );
    }
    return same(call, option);
  },
  select_first: (call) => same(call, options(call)[0]!),
  select_last: (call) => same(call, options(call).at(-1)!),
  select_next: (call, { cycle }) => move(call, cycle),
  select_previous: (call, { cycle }) => move(call, cycle),
});

/** Texts: a value of the entity's length that matches its pattern as a whole. */
export const text = domainHome(TEXT, {
  set_value: (call, { value }) => {
    const { min, max, pattern } = textLimits(call.entity.attributes);
    const length = [...value].length;
    if (length < min || length > max) {
      refuse(
        `Value ${value} for ${call.entityId} is too ${length < min ? 'short' : 'long'} (${min} to ${max} characters).`,
      );
    }
    if (pattern !== undefined) {
      let matches = false;
      try {
        matches = new RegExp(`^(?:${pattern})$`, 'u').test(value);
      } catch {
        refuse(`${call.entityId} has a pattern that cannot be checked.`);
      }
      if (!matches) refuse(`Value ${value} for ${call.entityId} doesn't match pattern ${pattern}`);
    }
    return same(call, value);
  },
});
