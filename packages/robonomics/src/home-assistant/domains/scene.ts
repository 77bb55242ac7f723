import { TRANSITION_PARAM } from './light.ts';
import { defineDomain } from './service-schema.ts';

/** Scenes: turn_on activates the scene, with an optional transition; nothing else. */
export const SCENE = defineDomain({
  name: 'scene',
  features: {},
  services: { turn_on: { params: { transition: TRANSITION_PARAM } } },
});
