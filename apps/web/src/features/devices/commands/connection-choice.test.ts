import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_CHOICE_KEY,
  readConnectionChoice,
  writeConnectionChoice,
} from './connection-choice.ts';

describe('connection choice', () => {
  beforeEach(() => localStorage.clear());

  it('is peer-to-peer until the user chooses, and kept per setup', () => {
    expect(readConnectionChoice('alice')).toBe('libp2p');
    writeConnectionChoice('alice', 'parachain');
    expect(readConnectionChoice('alice')).toBe('parachain');
    expect(readConnectionChoice('dave')).toBe('libp2p');
    expect(readConnectionChoice(null)).toBe('libp2p');
    writeConnectionChoice('alice', 'libp2p');
    expect(readConnectionChoice('alice')).toBe('libp2p');
  });

  it('reads damaged storage as no choice', () => {
    localStorage.setItem(CONNECTION_CHOICE_KEY, '[1,2');
    expect(readConnectionChoice('alice')).toBe('libp2p');
    writeConnectionChoice('alice', 'parachain');
    expect(readConnectionChoice('alice')).toBe('parachain');
  });
});
