import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  MEDIA_PLAYER,
  MEDIA_PLAYER_FEATURES,
} from '@robonomics-dapp/robonomics/home-assistant/domains/media-player';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyFloat } from '../ha-api/ha-format.ts';
import { type Call, domainHome, type EntityUpdate, needs, refuse, same } from './schema.ts';

const isOff = (call: Call) => call.entity.state === 'off' || call.entity.state === 'standby';

/** A player that is off answers only power. */
function whileOn(call: Call, update: (call: Call) => EntityUpdate): EntityUpdate {
  if (isOff(call)) refuse(`${call.entityId} is off; turn it on first.`);
  return update(call);
}

function setVolume(call: Call, value: number): EntityUpdate {
  const level = Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
  return same(call, call.entity.state, { volume_level: pyFloat(level) });
}

/** A volume step of a tenth, up or down. */
function stepVolume(call: Call): EntityUpdate {
  const volume = attributeNumber(call.entity.attributes.volume_level) ?? 0;
  return setVolume(call, volume + (call.service === 'volume_up' ? 0.1 : -0.1));
}

function track(call: Call): EntityUpdate {
  const a = call.entity.attributes;
  const number = attributeNumber(a.media_track) ?? 1;
  const next = call.service === 'media_next_track' ? number + 1 : Math.max(1, number - 1);
  return same(call, call.entity.state, 'media_track' in a ? { media_track: next } : {});
}

/**
 * Media players: power, play/pause/stop, tracks, volume (a fraction from 0 to 1), mute and the
 * source among `source_list`.
 */
export const mediaPlayer = domainHome(MEDIA_PLAYER, {
  turn_on: (call) => same(call, isOff(call) ? 'idle' : call.entity.state),
  turn_off: (call) => same(call, 'off'),
  toggle: (call) => same(call, isOff(call) ? 'idle' : 'off'),
  media_play: (call) => whileOn(call, () => same(call, 'playing')),
  media_pause: (call) => whileOn(call, () => same(call, 'paused')),
  media_play_pause: (call) =>
    whileOn(call, () => {
      const playing = call.entity.state === 'playing';
      needs(call, MEDIA_PLAYER, playing ? MEDIA_PLAYER_FEATURES.PAUSE : MEDIA_PLAYER_FEATURES.PLAY);
      return same(call, playing ? 'paused' : 'playing');
    }),
  media_stop: (call) => whileOn(call, () => same(call, 'idle')),
  media_next_track: (call) => whileOn(call, track),
  media_previous_track: (call) => whileOn(call, track),
  volume_set: (call, { volume_level }) => whileOn(call, () => setVolume(call, volume_level)),
  volume_up: (call) => whileOn(call, stepVolume),
  volume_down: (call) => whileOn(call, stepVolume),
  volume_mute: (call, { is_volume_muted }) =>
    whileOn(call, () => same(call, call.entity.state, { is_volume_muted })),
  select_source: (call, { source }) =>
    whileOn(call, () => {
      const sources = listedIn('source_list')(call.entity.attributes);
      if (!sources.includes(source)) {
        refuse(
          `Source ${source} is not valid for ${call.entityId}. Valid sources are: ${sources.join(', ')}`,
        );
      }
      return same(call, call.entity.state, { source });
    }),
});
