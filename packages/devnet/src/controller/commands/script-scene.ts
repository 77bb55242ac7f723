import { pyDateStr, pyIsoFormat } from '../ha-format.ts';
import { type Call, type EntityUpdate, onlyKeys, same, unknownService } from './schema.ts';

/**
 * Scripts: turn_on (or toggle while idle) runs the script. The sample's scripts finish at once,
 * so the state stays "off" and `last_triggered` records the run; turn_off stops nothing.
 */
export function script(call: Call): EntityUpdate {
  const { data, entity } = call;
  switch (call.service) {
    case 'turn_on':
    case 'toggle':
      onlyKeys(data, ['variables']);
      if (call.service === 'toggle' && entity.state === 'on') return same(call, 'off');
      return same(call, 'off', { last_triggered: pyDateStr(call.ctx.now) });
    case 'turn_off':
      onlyKeys(data, []);
      return same(call, 'off');
  }
  return unknownService(call);
}

/** Scenes: turn_on activates the scene; its state is the time of the last activation. */
export function scene(call: Call): EntityUpdate {
  if (call.service !== 'turn_on') return unknownService(call);
  onlyKeys(call.data, ['transition']);
  return same(call, pyIsoFormat(call.ctx.now));
}
