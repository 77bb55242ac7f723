import { describe, expect, it } from 'vitest';
import { addressComparisons } from './check-addresses.mjs';

describe('the check that accounts are compared by key', () => {
  it('flags a device list searched for an address, and two accounts compared as texts', () => {
    const planted = [
      'if (devices.includes(controller)) send();',
      'const member = subscription.devices.indexOf(user) >= 0;',
      'const i = list.includes(setup.owner);',
      'if (s.owner === owner) keep(s);',
      'if (setup.controller.address !== address) warn();',
    ].join('\n');
    expect(addressComparisons('planted.ts', planted)).toEqual([
      '1: devices.includes(controller)',
      '2: subscription.devices.indexOf(user)',
      '3: list.includes(setup.owner)',
      '4: s.owner === owner',
      '5: setup.controller.address !== address',
    ]);
  });

  it('leaves comparisons by key and texts that are no accounts alone', () => {
    const fine = [
      'if (includesAddress(devices, controller)) send();',
      'if (addressEq(s.owner, owner)) keep(s);',
      "if (hash === other.hash || domain === 'light') go();",
      "const circuit = all.filter((a) => a.includes('p2p-circuit'));",
      's.network === network;',
    ].join('\n');
    expect(addressComparisons('fine.tsx', fine)).toEqual([]);
  });
});
