import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyFloat } from '../ha-format.ts';
import { needs } from './cover-lock.ts';
import {
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  required,
  same,
  textList,
  toBool,
  toNumber,
  toText,
  unknownService,
} from './schema.ts';

/** HA's MediaPlayerEntityFeature bits the sample's players use. */
export const MEDIA = {
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

const BIT: Record<string, number> = {
  media_play: MEDIA.PLAY,
  media_pause: MEDIA.PAUSE,
  media_stop: MEDIA.STOP,
  media_next_track: MEDIA.NEXT_TRACK,
  media_previous_track: MEDIA.PREVIOUS_TRACK,
  turn_on: MEDIA.TURN_ON,
  turn_off: MEDIA.TURN_OFF,
  volume_set: MEDIA.VOLUME_SET,
  volume_mute: MEDIA.VOLUME_MUTE,
  volume_up: MEDIA.VOLUME_SET,
  volume_down: MEDIA.VOLUME_SET,
  select_source: MEDIA.SELECT_SOURCE,
};

/**
 * Media players: power, play/pause/stop, tracks, volume (a fraction from 0 to 1), mute and the
 * source among `source_list`. A player that is off answers only turn_on.
 */
export function mediaPlayer(call: Call): EntityUpdate {
  const { entity, data, entityId } = call;
  const a = entity.attributes;
  const features = numberAttr(a, 'supported_features', 0);
  const bit = BIT[call.service];
  if (bit !== undefined) needs(call, features, bit);
  const off = entity.state === 'off' || entity.state === 'standby';
  if (off && !['turn_on', 'toggle', 'turn_off'].includes(call.service)) {
    refuse(`${entityId} is off; turn it on first.`);
  }
  const volume = attributeNumber(a.volume_level) ?? 0;
  const setVolume = (value: number) =>
    same(call, entity.state, {
      volume_level: pyFloat(Math.round(Math.max(0, Math.min(1, value)) * 100) / 100),
    });
  switch (call.service) {
    case 'turn_on':
      onlyKeys(data, []);
      return same(call, off ? 'idle' : entity.state);
    case 'turn_off':
      onlyKeys(data, []);
      return same(call, 'off');
    case 'toggle':
      onlyKeys(data, []);
      return same(call, off ? 'idle' : 'off');
    case 'media_play':
      onlyKeys(data, []);
      return same(call, 'playing');
    case 'media_pause':
      onlyKeys(data, []);
      return same(call, 'paused');
    case 'media_play_pause':
      onlyKeys(data, []);
      needs(call, features, entity.state === 'playing' ? MEDIA.PAUSE : MEDIA.PLAY);
      return same(call, entity.state === 'playing' ? 'paused' : 'playing');
    case 'media_stop':
      onlyKeys(data, []);
      return same(call, 'idle');
    case 'media_next_track':
    case 'media_previous_track': {
      onlyKeys(data, []);
      const track = attributeNumber(a.media_track) ?? 1;
      const next = call.service === 'media_next_track' ? track + 1 : Math.max(1, track - 1);
      return same(call, entity.state, 'media_track' in a ? { media_track: next } : {});
    }
    case 'volume_set': {
      onlyKeys(data, ['volume_level']);
      const level = required(toNumber(data, 'volume_level'), 'volume_level');
      if (level < 0 || level > 1) {
        refuse(
          "value must be at most 1 and at least 0 for dictionary value @ data['volume_level']",
        );
      }
      return setVolume(level);
    }
    case 'volume_up':
    case 'volume_down':
      onlyKeys(data, []);
      return setVolume(volume + (call.service === 'volume_up' ? 0.1 : -0.1));
    case 'volume_mute': {
      onlyKeys(data, ['is_volume_muted']);
      if (data.is_volume_muted === undefined) {
        refuse("required key not provided @ data['is_volume_muted']");
      }
      return same(call, entity.state, {
        is_volume_muted: toBool(data, 'is_volume_muted', false),
      });
    }
    case 'select_source': {
      onlyKeys(data, ['source']);
      const source = required(toText(data, 'source'), 'source');
      const sources = textList(a.source_list);
      if (!sources.includes(source)) {
        refuse(
          `Source ${source} is not valid for ${entityId}. Valid sources are: ${sources.join(', ')}`,
        );
      }
      return same(call, entity.state, { source });
    }
  }
  return unknownService(call);
}
