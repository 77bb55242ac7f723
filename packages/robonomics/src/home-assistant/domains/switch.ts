import { defineDomain, ON_OFF_SERVICES } from './service-schema.ts';

/** Switches: on, off and toggle, without data. */
export const SWITCH = defineDomain({ name: 'switch', features: {}, services: ON_OFF_SERVICES });

/** input_boolean helpers: the same as a switch. */
export const INPUT_BOOLEAN = defineDomain({
  name: 'input_boolean',
  features: {},
  services: ON_OFF_SERVICES,
});
