import { defineDomain, optionIn, required } from './service-schema.ts';

/** HA's MediaPlayerEntityFeature bits that the modelled services use. */
export const MEDIA_PLAYER_FEATURES = {
  PAUSE: 1,
  VOLUME_SET: 4,
  VOLUME_MUTE: 8,
  PREVIOUS_TRACK: 16,
  NEXT_TRACK: 32,
  TURN_ON: 128,
  TURN_OFF: 256,
  VOLUME_STEP: 1024,
  SELECT_SOURCE: 2048,
  STOP: 4096,
  PLAY: 16384,
} as const;

const F = MEDIA_PLAYER_FEATURES;

/**
 * Media players: power, play, pause and stop, tracks, the volume as a fraction from 0 to 1, mute
 * and the source among `source_list`; each behind its feature bit (play/pause needs the bit of
 * the way it goes).
 */
export const MEDIA_PLAYER = defineDomain({
  name: 'media_player',
  features: MEDIA_PLAYER_FEATURES,
  services: {
    turn_on: { feature: F.TURN_ON, params: {} },
    turn_off: { feature: F.TURN_OFF, params: {} },
    toggle: { params: {} },
    media_play: { feature: F.PLAY, params: {} },
    media_pause: { feature: F.PAUSE, params: {} },
    media_play_pause: { params: {} },
    media_stop: { feature: F.STOP, params: {} },
    media_next_track: { feature: F.NEXT_TRACK, params: {} },
    media_previous_track: { feature: F.PREVIOUS_TRACK, params: {} },
    volume_set: {
      feature: F.VOLUME_SET,
      params: {
        volume_level: {
          kind: 'number',
          label: 'Volume',
          bounds: { min: 0, max: 1 },
          onStep: false,
          required: true,
        },
      },
    },
    volume_up: { feature: F.VOLUME_SET | F.VOLUME_STEP, params: {} },
    volume_down: { feature: F.VOLUME_SET | F.VOLUME_STEP, params: {} },
    volume_mute: {
      feature: F.VOLUME_MUTE,
      params: { is_volume_muted: { kind: 'boolean', label: 'Mute', required: true } },
    },
    select_source: {
      feature: F.SELECT_SOURCE,
      params: { source: required(optionIn('Source', 'source_list')) },
    },
  },
});
