import { describe, expect, it } from 'vitest';
import { readSavedSetups } from './saved-setups.ts';

describe('readSavedSetups', () => {
  it('reads a valid list and drops malformed entries', () => {
    const raw = JSON.stringify({
      version: 1,
      setups: [{ owner: '4A', name: 'Home', network: 'polkadot' }, { owner: 5 }, null],
      active: { polkadot: '4A' },
    });
    const read = readSavedSetups(raw);
    expect(read.setups).toEqual([{ owner: '4A', name: 'Home', network: 'polkadot' }]);
    expect(read.active).toEqual({ polkadot: '4A' });
  });

  it('treats corrupt or foreign data as an empty list', () => {
    expect(readSavedSetups('{not json').setups).toEqual([]);
    expect(readSavedSetups(JSON.stringify({ version: 9, setups: [] })).setups).toEqual([]);
    expect(readSavedSetups(null).setups).toEqual([]);
  });
});
