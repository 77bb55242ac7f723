import { defineDomain, helperDomain } from './service-schema.ts';

/** Buttons: press, without data; the state is the time of the last press. */
export const BUTTON = defineDomain({
  name: 'button',
  features: {},
  services: { press: { params: {} } },
});

/** input_button helpers: a button. */
export const INPUT_BUTTON = helperDomain(BUTTON, 'input_button');
