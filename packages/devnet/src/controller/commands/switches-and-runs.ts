import { AUTOMATION } from '@robonomics-dapp/robonomics/home-assistant/domains/automation';
import { BUTTON } from '@robonomics-dapp/robonomics/home-assistant/domains/button';
import { SCENE } from '@robonomics-dapp/robonomics/home-assistant/domains/scene';
import { SCRIPT } from '@robonomics-dapp/robonomics/home-assistant/domains/script';
import { INPUT_BOOLEAN, SWITCH } from '@robonomics-dapp/robonomics/home-assistant/domains/switch';
import { pyDateStr, pyIsoFormat } from '../ha-api/ha-format.ts';
import { domainHome, ON_OFF_HANDLERS, same } from './schema.ts';

/** Switches and input_boolean helpers: on, off and toggle. */
export const switches = domainHome(SWITCH, ON_OFF_HANDLERS);
export const inputBoolean = domainHome(INPUT_BOOLEAN, ON_OFF_HANDLERS);

/** Buttons: a press; the state is the time of the last press, in ISO format. */
export const button = domainHome(BUTTON, {
  press: (call) => same(call, pyIsoFormat(call.ctx.now)),
});

/** Automations: on, off and toggle; trigger runs the actions and records the time. */
export const automation = domainHome(AUTOMATION, {
  ...ON_OFF_HANDLERS,
  trigger: (call) => same(call, call.entity.state, { last_triggered: pyDateStr(call.ctx.now) }),
});

/**
 * Scripts: turn_on (or toggle while idle) runs the script. The sample's scripts finish at once,
 * so the state stays "off" and `last_triggered` records the run; turn_off stops nothing.
 */
export const script = domainHome(SCRIPT, {
  turn_on: (call) => same(call, 'off', { last_triggered: pyDateStr(call.ctx.now) }),
  toggle: (call) =>
    call.entity.state === 'on'
      ? same(call, 'off')
      : same(call, 'off', { last_triggered: pyDateStr(call.ctx.now) }),
  turn_off: (call) => same(call, 'off'),
});

/** Scenes: turn_on activates the scene; its state is the time of the last activation. */
export const scene = domainHome(SCENE, {
  turn_on: (call) => same(call, pyIsoFormat(call.ctx.now)),
});
