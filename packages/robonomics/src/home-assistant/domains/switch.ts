import { defineDomain, helperDomain, ON_OFF_SERVICES } from './service-schema.ts';

/** Switches: on, off and toggle, without data. */
export const SWITCH = defineDomain({ name: 'switch', features: {}, services: ON_OFF_SERVICES });

/** input_boolean helpers: a switch. */
export const INPUT_BOOLEAN = helperDomain(SWITCH, 'input_boolean');
