import { attributeList, attributeNumber } from '../states.ts';
import { serviceSchema } from './all-domains.ts';
import { type Attributes, checkInRange, type Range } from './attributes.ts';
import { rgbOf } from './light.ts';
import type { NumberParam, Param, TextLimits } from './service-schema.ts';

/**
 * The page's check before a command is sent, derived from the domain modules' declarations: why
 * it is refused, in the user's words, or null when it may go. It holds each parameter to what the
 * entity itself says it accepts (ranges, steps, lists, lengths, patterns, abilities); required
 * parameters are checked even when missing. The controller checks again and answers with Home
 * Assistant's own errors. Services and domains that are not modelled are let through.
 */
export function checkCommand(
  domain: string,
  attributes: Attributes,
  service: string,
  params: Record<string, unknown> = {},
): string | null {
  const schema = serviceSchema(domain, service);
  if (!schema) return null;
  for (const [key, param] of Object.entries(schema.params)) {
    if (!(key in params) && !param.required) continue;
    const error = checkParam(param, params[key], attributes);
    if (error) return error;
  }
  return null;
}

/** The range the page holds a number to, if it has one. */
function rangeFor(param: NumberParam, attributes: Attributes): Range | undefined {
  if (typeof param.range === 'function') return param.range(attributes);
  if (param.range) return param.range;
  return param.bounds && { ...param.bounds, step: 1 };
}

const BOOLEANS = new Set<unknown>([true, false, 1, 0]);

/** Why one parameter's value is refused, in the user's words, or null. */
export function checkParam(param: Param, value: unknown, attributes: Attributes): string | null {
  if ('needs' in param && param.needs && !param.needs.has(attributes)) return param.needs.missing;
  switch (param.kind) {
    case 'number': {
      const number = attributeNumber(value) ?? Number.NaN;
      const range = rangeFor(param, attributes);
      if (!range) return Number.isFinite(number) ? null : `${param.label} must be a number.`;
      return checkInRange(param.label, number, range, param.unit, param.onStep ?? true);
    }
    case 'choice':
    case 'option': {
      const list = param.kind === 'choice' ? [...param.options] : param.options(attributes);
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !list.includes(text)) {
        return `${param.label} must be one of: ${list.join(', ') || 'none offered'}.`;
      }
      return null;
    }
    case 'text':
      return checkText(value, param.limits?.(attributes));
    case 'boolean':
      return BOOLEANS.has(value) ? null : `${param.label} must be on or off.`;
    case 'rgb':
      return rgbOf(value) ? null : 'The colour must be three values from 0 to 255.';
    case 'hs': {
      const pair = (attributeList(value) ?? []).map((v) => attributeNumber(v));
      const [hue = -1, saturation = -1] = pair;
      const valid = pair.length === 2 && hue >= 0 && hue <= 360 && saturation >= 0;
      return valid && saturation <= 100
        ? null
        : 'The colour must be a hue from 0 to 360 and a saturation from 0 to 100.';
    }
    case 'object':
      return null;
  }
}

/** A text against the entity's length and pattern. */
export function checkText(value: unknown, limits?: TextLimits): string | null {
  if (typeof value !== 'string') return 'Enter a text.';
  if (!limits) return null;
  const length = [...value].length;
  if (length < limits.min) return `The text must be at least ${limits.min} characters long.`;
  if (length > limits.max) return `The text must be at most ${limits.max} characters long.`;
  if (limits.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${limits.pattern})$`, 'u');
    } catch {
      // A pattern the browser cannot read is left to the controller.
      return null;
    }
    if (!re.test(value)) return `The text must match the pattern ${limits.pattern}.`;
  }
  return null;
}
