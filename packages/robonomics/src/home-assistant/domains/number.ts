import { type Attributes, type Range, rangeOf } from './attributes.ts';
import { defineDomain, helperDomain, type ServiceSchema } from './service-schema.ts';

/** A number entity's range when it does not give its own. */
export const NUMBER_RANGE: Range = { min: 0, max: 100, step: 1 };

/** The `min`, `max` and `step` of a number entity. */
export function numberRange(attributes: Attributes): Range {
  return rangeOf(attributes, { min: 'min', max: 'max', step: 'step' }, NUMBER_RANGE);
}

const SET_VALUE = {
  params: { value: { kind: 'number', label: 'Value', range: numberRange, required: true } },
} as const satisfies ServiceSchema;

/** Number entities: set_value within `min`..`max`, on `step` from `min`. input_number the same. */
export const NUMBER = defineDomain({
  name: 'number',
  features: {},
  services: { set_value: SET_VALUE },
});

/** input_number helpers: a number. */
export const INPUT_NUMBER = helperDomain(NUMBER, 'input_number');
