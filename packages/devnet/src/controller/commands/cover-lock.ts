import {
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  required,
  same,
  toInt,
  unknownService,
} from './schema.ts';

/** HA's CoverEntityFeature bits (docs/home-assistant.md, Services by domain). */
export const COVER = { OPEN: 1, CLOSE: 2, SET_POSITION: 4, STOP: 8 } as const;
/** HA's LockEntityFeature: OPEN (unlatch) is the only bit. */
export const LOCK_OPEN = 1;

/** HA refuses an action whose feature bit the entity lacks, in these words. */
export function needs(call: Call, features: number, bit: number): void {
  if ((features & bit) === 0) {
    const domain = call.entityId.split('.')[0];
    refuse(`Entity ${call.entityId} does not support action ${domain}.${call.service}`);
  }
}

/**
 * Covers (blinds, garage doors): open_cover, close_cover, stop_cover, set_cover_position and
 * toggle, each gated by its feature bit. The simulated cover arrives at once, so its state is
 * "open" or "closed" (a position above 0 is open) and stop changes nothing.
 */
export function cover(call: Call): EntityUpdate {
  const { entity, data } = call;
  const features = numberAttr(entity.attributes, 'supported_features', 0);
  const hasPosition = 'current_position' in entity.attributes;
  const to = (position: number): EntityUpdate =>
    same(call, position > 0 ? 'open' : 'closed', hasPosition ? { current_position: position } : {});
  switch (call.service) {
    case 'open_cover':
      onlyKeys(data, []);
      needs(call, features, COVER.OPEN);
      return to(100);
    case 'close_cover':
      onlyKeys(data, []);
      needs(call, features, COVER.CLOSE);
      return to(0);
    case 'stop_cover':
      onlyKeys(data, []);
      needs(call, features, COVER.STOP);
      return same(call, entity.state);
    case 'toggle': {
      onlyKeys(data, []);
      const opening = entity.state === 'closed' || entity.state === 'closing';
      needs(call, features, opening ? COVER.OPEN : COVER.CLOSE);
      return to(opening ? 100 : 0);
    }
    case 'set_cover_position': {
      onlyKeys(data, ['position']);
      needs(call, features, COVER.SET_POSITION);
      return to(required(toInt(data, 'position', 0, 100), 'position'));
    }
  }
  return unknownService(call);
}

/**
 * Locks: lock, unlock, and open (unlatch) when the lock supports it. A lock with a
 * `code_format` wants a code that matches it; the sample's locks have none.
 */
export function lock(call: Call): EntityUpdate {
  const { entity, data } = call;
  const features = numberAttr(entity.attributes, 'supported_features', 0);
  onlyKeys(data, ['code']);
  const format = entity.attributes.code_format;
  if (typeof format === 'string' && format !== 'None' && format !== '') {
    const code = data.code;
    if (typeof code !== 'string' || !new RegExp(`^(?:${format})$`).test(code)) {
      refuse(`The code for ${call.entityId} doesn't match pattern ${format}.`);
    }
  }
  switch (call.service) {
    case 'lock':
      return same(call, 'locked');
    case 'unlock':
      return same(call, 'unlocked');
    case 'open':
      needs(call, features, LOCK_OPEN);
      return same(call, 'open');
  }
  return unknownService(call);
}
