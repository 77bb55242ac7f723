import {
  supports,
  textAttribute,
  textOptions,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { MEDIA_PLAYER_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/media-player';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import {
  ChoiceSelect,
  type ControlProps,
  offers,
  PowerSwitch,
  ServiceButton,
  Slider,
} from './common.tsx';

const F = MEDIA_PLAYER_FEATURES;

/** Media players: power, what is playing, previous / play-pause / next, volume and source. */
export function MediaControls(props: ControlProps) {
  const { entity, send, disabled } = props;
  const a = entity.attributes;
  const off = entity.state === 'off' || entity.state === 'standby';
  const playing = entity.state === 'playing';
  const title = textAttribute(a.media_title);
  const artist = textAttribute(a.media_artist);
  const volume = attributeNumber(a.volume_level);
  const canPower = supports(a, F.TURN_ON) || supports(a, F.TURN_OFF);
  return (
    <div className="stack-s">
      {canPower && (
        <div className="row">
          <PowerSwitch props={props} on={!off} />
        </div>
      )}
      {!off && title && (
        <p className="small now-playing">
          {title}
          {artist ? ` · ${artist}` : ''}
        </p>
      )}
      {!off && (
        <div className="row">
          {supports(a, F.PREVIOUS_TRACK) && (
            <ServiceButton props={props} service="media_previous_track" label="Previous" />
          )}
          {playing
            ? supports(a, F.PAUSE) && (
                <ServiceButton props={props} service="media_pause" label="Pause" main />
              )
            : supports(a, F.PLAY) && (
                <ServiceButton props={props} service="media_play" label="Play" main />
              )}
          {supports(a, F.NEXT_TRACK) && (
            <ServiceButton props={props} service="media_next_track" label="Next" />
          )}
        </div>
      )}
      {!off && supports(a, F.VOLUME_SET) && offers(props, 'volume_set') && volume !== undefined && (
        <Slider
          label="Volume"
          range={{ min: 0, max: 100, step: 1 }}
          value={Math.round(volume * 100)}
          format={(v) => `${v}%`}
          disabled={disabled}
          onCommit={(v) => send('volume_set', { volume_level: v / 100 })}
        />
      )}
      {!off && supports(a, F.SELECT_SOURCE) && offers(props, 'select_source') && (
        <ChoiceSelect
          props={props}
          label="Source"
          value={textAttribute(a.source)}
          options={textOptions(a.source_list)}
          onChoose={(source) => send('select_source', { source })}
        />
      )}
    </div>
  );
}
