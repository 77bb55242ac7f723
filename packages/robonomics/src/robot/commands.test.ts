import { describe, expect, it } from 'vitest';
import { robotCommandOf, robotCommandParam } from './commands.ts';

describe('robotCommandParam', () => {
  it('puts the ASCII digit in the first byte of a 32-byte parameter', () => {
    expect(robotCommandParam('wave')).toBe(`0x30${'0'.repeat(62)}`);
    expect(robotCommandParam('wave-turn')).toBe(`0x31${'0'.repeat(62)}`);
    expect(robotCommandParam('shake')).toBe(`0x32${'0'.repeat(62)}`);
    expect(robotCommandParam('shake')).toHaveLength(66);
  });

  it('refuses unknown commands', () => {
    expect(() => robotCommandParam('dance' as never)).toThrow('Unknown robot command "dance".');
  });
});

describe('robotCommandOf', () => {
  it('names the command of a launch parameter, and nothing for others', () => {
    expect(robotCommandOf(`0x32${'00'.repeat(31)}`)?.label).toBe('Shake Hand');
    expect(robotCommandOf(`0x${'00'.repeat(32)}`)).toBeNull();
  });
});
