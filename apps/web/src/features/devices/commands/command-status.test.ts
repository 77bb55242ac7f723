import type { HaEntityState } from '@robonomics-dapp/robonomics/home-assistant/states';
import { describe, expect, it } from 'vitest';
import {
  APPLIED_TEXT,
  type CommandStatus,
  commandStatusText,
  entityMark,
} from './command-status.ts';

const lamp = (state: string, brightness = 100): HaEntityState => ({
  units: 'None',
  state,
  attributes: { friendly_name: 'Lamp', brightness },
});
const sent = (
  status: CommandStatus['status'],
  before: HaEntityState,
  reason: string | null = null,
) => ({ id: 1, status, before: entityMark(before), reason }) satisfies CommandStatus;

describe('a command on its card', () => {
  it('goes pending, then sent, then applied when the entity changes', () => {
    const off = lamp('off');
    expect(commandStatusText(sent('pending', off), off)).toBe('Waiting for request complete');
    expect(commandStatusText(sent('approved', off), off)).toBe('Waiting for request complete');
    expect(commandStatusText(sent('success', off), off)).toBe('All done!');
    expect(commandStatusText(sent('success', off), lamp('on'))).toBe(APPLIED_TEXT);
    // An attribute is a change too (a brightness set on a light that stays on).
    expect(commandStatusText(sent('success', lamp('on', 10)), lamp('on', 200))).toBe(APPLIED_TEXT);
  });

  it('is not applied before the home took it, however the entity moved', () => {
    expect(commandStatusText(sent('pending', lamp('off')), lamp('on'))).toBe(
      'Waiting for request complete',
    );
  });

  it('says a refusal in words, and a decline as docs/product-rules.md says', () => {
    const off = lamp('off');
    expect(
      commandStatusText(sent('error', off, 'You do not have access to device management.'), off),
    ).toBe('Request was not complete: You do not have access to device management.');
    expect(commandStatusText(sent('error', off), off)).toBe('Request was not complete');
    expect(commandStatusText(sent('declined', off), lamp('on'))).toBe('Request was declined');
  });
});
