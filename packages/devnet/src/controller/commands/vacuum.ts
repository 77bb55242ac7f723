import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { VACUUM } from '@robonomics-dapp/robonomics/home-assistant/domains/vacuum';
import { domainHome, refuse, same } from './schema.ts';

/**
 * Robot vacuums: start (cleaning), pause, stop (idle), return_to_base, locate, clean_spot and
 * set_fan_speed among fan_speed_list. The simulated vacuum reaches its dock at once, so
 * return_to_base leaves it "docked".
 */
export const vacuum = domainHome(VACUUM, {
  start: (call) => same(call, 'cleaning'),
  pause: (call) => same(call, call.entity.state === 'cleaning' ? 'paused' : call.entity.state),
  stop: (call) => same(call, call.entity.state === 'docked' ? 'docked' : 'idle'),
  return_to_base: (call) => same(call, 'docked'),
  clean_spot: (call) => same(call, 'cleaning'),
  locate: (call) => same(call, call.entity.state),
  set_fan_speed: (call, { fan_speed }) => {
    const speeds = listedIn('fan_speed_list')(call.entity.attributes);
    if (!speeds.includes(fan_speed)) {
      refuse(`Fan speed ${fan_speed} is not valid. Valid fan speeds are: ${speeds.join(', ')}`);
    }
    return same(call, call.entity.state, { fan_speed });
  },
});
