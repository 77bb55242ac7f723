import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'robonomics-dapp.home-reports.v1';
const NODE = 'ws://127.0.0.1:9944';

/** The store as a fresh page loads it, from what this browser kept. */
async function freshStore() {
  vi.resetModules();
  return import('./home-reports.ts');
}

describe('home reports kept in this browser', () => {
  beforeEach(() => localStorage.clear());

  it('reads the entry users already have, in its stored format', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ [`${NODE}|4Controller`]: { reportedAt: 1_000, sendingTimeout: 300 } }),
    );
    const { useHomeReports, homeKey } = await freshStore();
    expect(useHomeReports.getState().reports[homeKey(NODE, '4Controller')]).toEqual({
      reportedAt: 1_000,
      sendingTimeout: 300,
    });
  });

  it('keeps newer times, writes the same format back and survives a damaged entry', async () => {
    localStorage.setItem(KEY, '{damaged');
    const { useHomeReports } = await freshStore();
    const { note } = useHomeReports.getState();
    note(NODE, '4Controller', { reportedAt: 2_000, sendingTimeout: 60 });
    note(NODE, '4Controller', { reportedAt: 1_500, controlledAt: 1_800 });
    const kept = { reportedAt: 2_000, sendingTimeout: 60, controlledAt: 1_800 };
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({ [`${NODE}|4Controller`]: kept });
    expect(useHomeReports.getState().reports).toEqual({ [`${NODE}|4Controller`]: kept });
  });

  it('keeps the 50 homes reported last', async () => {
    const { useHomeReports, homeKey } = await freshStore();
    for (let i = 1; i <= 55; i++)
      useHomeReports.getState().note(NODE, `home ${i}`, { reportedAt: i });
    const reports = useHomeReports.getState().reports;
    expect(Object.keys(reports)).toHaveLength(50);
    expect(reports[homeKey(NODE, 'home 55')]).toEqual({ reportedAt: 55 });
    expect(reports[homeKey(NODE, 'home 5')]).toBeUndefined();
  });
});
