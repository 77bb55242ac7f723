import { defineDomain, required, wholeNumber } from './service-schema.ts';

/** HA's CoverEntityFeature bits (valves number theirs the same way). */
export const COVER_FEATURES = { OPEN: 1, CLOSE: 2, SET_POSITION: 4, STOP: 8 } as const;

/** A position in whole percent: 0 is closed, 100 fully open. */
export const POSITION_PARAM = required(wholeNumber('Position', 0, 100, { unit: '%' }));

/**
 * Covers (blinds, garage doors): open, close, stop, toggle and a position, each behind its
 * feature bit (toggle needs the bit of the way it goes). A cover without `current_position` has
 * no position.
 */
export const COVER = defineDomain({
  name: 'cover',
  features: COVER_FEATURES,
  services: {
    open_cover: { feature: COVER_FEATURES.OPEN, params: {} },
    close_cover: { feature: COVER_FEATURES.CLOSE, params: {} },
    stop_cover: { feature: COVER_FEATURES.STOP, params: {} },
    toggle: { feature: COVER_FEATURES.OPEN | COVER_FEATURES.CLOSE, params: {} },
    set_cover_position: {
      feature: COVER_FEATURES.SET_POSITION,
      params: { position: POSITION_PARAM },
    },
  },
});
