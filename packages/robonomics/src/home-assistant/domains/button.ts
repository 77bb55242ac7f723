import { defineDomain } from './service-schema.ts';

/** Buttons: press, without data; the state is the time of the last press. */
export const BUTTON = defineDomain({
  name: 'button',
  features: {},
  services: { press: { params: {} } },
});

/** input_button helpers: the same as a button. */
export const INPUT_BUTTON = defineDomain({
  name: 'input_button',
  features: {},
  services: { press: { params: {} } },
});
