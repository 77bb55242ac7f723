import {
  type BooleanParam,
  defineDomain,
  helperDomain,
  optionIn,
  required,
} from './service-schema.ts';

const CYCLE = { kind: 'boolean', label: 'Cycle' } as const satisfies BooleanParam;

const SERVICES = {
  select_option: { params: { option: required(optionIn('Option', 'options')) } },
  select_first: { params: {} },
  select_last: { params: {} },
  select_next: { params: { cycle: CYCLE } },
  select_previous: { params: { cycle: CYCLE } },
} as const;

/**
 * Selects: an option among `options`, the first, the last, the next or the previous (going round
 * unless `cycle` is off). input_select takes the same.
 */
export const SELECT = defineDomain({ name: 'select', features: {}, services: SERVICES });

/** input_select helpers: a select. */
export const INPUT_SELECT = helperDomain(SELECT, 'input_select');
