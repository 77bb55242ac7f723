import { defineDomain } from './service-schema.ts';

/**
 * Automations: on, off (optionally stopping running actions) and toggle; trigger runs the
 * actions now (optionally skipping the conditions, with variables).
 */
export const AUTOMATION = defineDomain({
  name: 'automation',
  features: {},
  services: {
    turn_on: { params: {} },
    turn_off: { params: { stop_actions: { kind: 'boolean', label: 'Stop actions' } } },
    toggle: { params: {} },
    trigger: {
      params: {
        skip_condition: { kind: 'boolean', label: 'Skip conditions' },
        variables: { kind: 'object', label: 'Variables' },
      },
    },
  },
});
