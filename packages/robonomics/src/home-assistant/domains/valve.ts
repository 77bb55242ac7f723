import { COVER_FEATURES, POSITION_PARAM } from './cover.ts';
import { defineDomain } from './service-schema.ts';

/** HA's ValveEntityFeature bits: the same numbers as a cover's. */
export const VALVE_FEATURES = COVER_FEATURES;

/**
 * Valves: open, close, stop, toggle and a position (0–100 %) for those that report
 * `current_position`, each behind its feature bit. A valve without `supported_features` still
 * opens and closes, as HA's default valve does.
 */
export const VALVE = defineDomain({
  name: 'valve',
  features: VALVE_FEATURES,
  featuresWhenMissing: VALVE_FEATURES.OPEN | VALVE_FEATURES.CLOSE,
  services: {
    open_valve: { feature: VALVE_FEATURES.OPEN, params: {} },
    close_valve: { feature: VALVE_FEATURES.CLOSE, params: {} },
    stop_valve: { feature: VALVE_FEATURES.STOP, params: {} },
    toggle: { feature: VALVE_FEATURES.OPEN | VALVE_FEATURES.CLOSE, params: {} },
    set_valve_position: {
      feature: VALVE_FEATURES.SET_POSITION,
      params: { position: POSITION_PARAM },
    },
  },
});
