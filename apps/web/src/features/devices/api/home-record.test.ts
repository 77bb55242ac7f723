import { describe, expect, it } from 'vitest';
import { findHomeRecord, NOT_PUBLISHED, NotPublishedError } from './home-record.ts';

describe("a home's last record", () => {
  it('is the states file the newest record names, read before any key is needed', async () => {
    const asked: string[] = [];
    const record = await findHomeRecord(
      {
        lastRecord: async (account) =>
          account === 'controller' ? { time: 7, text: ' QmStates\n' } : null,
        fetchText: async (cid) => {
          asked.push(cid);
          return 'envelope';
        },
      },
      'controller',
    );
    expect(record).toEqual({ cid: 'QmStates', time: 7, text: 'envelope' });
    expect(asked).toEqual(['QmStates']);
  });

  it('says the controller has not published when it has no record, as a type of its own', async () => {
    const found = findHomeRecord(
      { lastRecord: async () => null, fetchText: async () => 'never read' },
      'controller',
    );
    await expect(found).rejects.toBeInstanceOf(NotPublishedError);
    await expect(found).rejects.toThrow(NOT_PUBLISHED);
  });
});
