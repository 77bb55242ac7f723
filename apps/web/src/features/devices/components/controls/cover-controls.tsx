import { supports } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { COVER_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/cover';
import { VALVE } from '@robonomics-dapp/robonomics/home-assistant/domains/valve';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { type ControlProps, ServiceButton, Slider } from './common.tsx';

const SERVICES = {
  cover: {
    open: 'open_cover',
    close: 'close_cover',
    stop: 'stop_cover',
    position: 'set_cover_position',
  },
  valve: {
    open: 'open_valve',
    close: 'close_valve',
    stop: 'stop_valve',
    position: 'set_valve_position',
  },
};

/**
 * Covers and valves: Open, Stop and Close as large buttons (each when the entity supports it and
 * the home offers it) and a position slider for those that can stop anywhere.
 */
export function CoverControls(props: ControlProps) {
  const { entity, send, disabled } = props;
  const a = entity.attributes;
  const domain = entity.domain === 'valve' ? 'valve' : 'cover';
  const services = SERVICES[domain];
  const bits = COVER_FEATURES;
  // A valve without supported_features still opens and closes, as HA's default valve does.
  const has = (bit: number) => supports(a, bit, domain === 'valve' ? VALVE.featuresWhenMissing : 0);
  const position = attributeNumber(a.current_position);
  const closed = entity.state === 'closed';
  return (
    <div className="stack-s">
      <div className="row">
        {has(bits.OPEN) && (
          <ServiceButton
            props={props}
            service={services.open}
            label="Open"
            main
            disabled={entity.state === 'open' && (position === undefined || position === 100)}
          />
        )}
        {has(bits.STOP) && (
          <ServiceButton props={props} service={services.stop} label="Stop" main />
        )}
        {has(bits.CLOSE) && (
          <ServiceButton
            props={props}
            service={services.close}
            label="Close"
            main
            disabled={closed}
          />
        )}
      </div>
      {has(bits.SET_POSITION) && position !== undefined && (
        <Slider
          label="Position"
          range={{ min: 0, max: 100, step: 1 }}
          value={position}
          format={(v) => `${v}%`}
          disabled={disabled}
          onCommit={(v) => send(services.position, { position: v })}
        />
      )}
    </div>
  );
}
