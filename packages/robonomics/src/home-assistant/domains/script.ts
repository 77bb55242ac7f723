import { defineDomain, type ObjectParam } from './service-schema.ts';

const VARIABLES = { kind: 'object', label: 'Variables' } as const satisfies ObjectParam;

/** Scripts: turn_on (or toggle while idle) runs the script with its variables; turn_off stops it. */
export const SCRIPT = defineDomain({
  name: 'script',
  features: {},
  services: {
    turn_on: { params: { variables: VARIABLES } },
    turn_off: { params: {} },
    toggle: { params: { variables: VARIABLES } },
  },
});
