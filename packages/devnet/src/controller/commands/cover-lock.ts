import { COVER, COVER_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/cover';
import { codeFormat, LOCK } from '@robonomics-dapp/robonomics/home-assistant/domains/lock';
import { VALVE } from '@robonomics-dapp/robonomics/home-assistant/domains/valve';
import { type Call, domainHome, type EntityUpdate, needs, refuse, same } from './schema.ts';

/**
 * The simulated cover or valve arrives at once: its state is "open" or "closed" (a position
 * above 0 is open) and `current_position`, when it has one, the position.
 */
function moveTo(call: Call, position: number): EntityUpdate {
  const hasPosition = 'current_position' in call.entity.attributes;
  return same(
    call,
    position > 0 ? 'open' : 'closed',
    hasPosition ? { current_position: position } : {},
  );
}

const closed = (call: Call) => call.entity.state === 'closed' || call.entity.state === 'closing';

/**
 * Covers (blinds, garage doors): open, close, stop, toggle and a position, each behind its
 * feature bit; toggle needs the bit of the way it goes. Stopping changes nothing, as there is
 * never a movement to stop.
 */
export const cover = domainHome(COVER, {
  open_cover: (call) => moveTo(call, 100),
  close_cover: (call) => moveTo(call, 0),
  stop_cover: (call) => same(call, call.entity.state),
  toggle: (call) => {
    const opening = closed(call);
    needs(call, COVER, opening ? COVER_FEATURES.OPEN : COVER_FEATURES.CLOSE);
    return moveTo(call, opening ? 100 : 0);
  },
  set_cover_position: (call, { position }) => moveTo(call, position),
});

/** Valves: as covers, and a position only for those that report one. */
export const valve = domainHome(VALVE, {
  open_valve: (call) => moveTo(call, 100),
  close_valve: (call) => moveTo(call, 0),
  stop_valve: (call) => same(call, call.entity.state),
  toggle: (call) => moveTo(call, closed(call) ? 100 : 0),
  set_valve_position: (call, { position }) => {
    if (!('current_position' in call.entity.attributes)) {
      refuse(`Entity ${call.entityId} does not support action valve.set_valve_position`);
    }
    return moveTo(call, position);
  },
});

/** A lock with a `code_format` wants a code that matches it; the sample's locks have none. */
function withCode(call: Call, code: string | undefined, state: string): EntityUpdate {
  const format = codeFormat(call.entity.attributes);
  if (format !== undefined && (code === undefined || !new RegExp(`^(?:${format})$`).test(code))) {
    refuse(`The code for ${call.entityId} doesn't match pattern ${format}.`);
  }
  return same(call, state);
}

/** Locks: lock, unlock, and open (unlatch) when the lock supports it. */
export const lock = domainHome(LOCK, {
  lock: (call, { code }) => withCode(call, code, 'locked'),
  unlock: (call, { code }) => withCode(call, code, 'unlocked'),
  open: (call, { code }) => withCode(call, code, 'open'),
});
