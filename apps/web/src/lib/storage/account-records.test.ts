import { describe, expect, it } from 'vitest';
import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';

describe('records per endpoint and account', () => {
  it('reads nothing from a missing or corrupted entry', () => {
    expect(readAccountRecords(null)).toEqual({});
    expect(readAccountRecords('not json')).toEqual({});
    expect(readAccountRecords('[1,2]')).toEqual({});
  });

  it('sets and removes one account’s record, keeping the others', () => {
    const one = withAccountRecord(null, 'ws://a', 'x', { at: 1 }, (r) => r.at);
    const two = withAccountRecord(one, 'ws://a', 'y', { at: 2 }, (r) => r.at);
    expect(readAccountRecords(two)).toEqual({
      [accountKey('ws://a', 'x')]: { at: 1 },
      [accountKey('ws://a', 'y')]: { at: 2 },
    });
    const removed = withAccountRecord<{ at: number }>(two, 'ws://a', 'x', null, (r) => r.at);
    expect(Object.keys(readAccountRecords(removed))).toEqual([accountKey('ws://a', 'y')]);
  });

  it('keeps the newest 50 records, a record without a time counting as oldest', () => {
    let raw: string | null = JSON.stringify({ 'ws://a|odd': 'no time' });
    for (let i = 0; i < 55; i++) {
      raw = withAccountRecord(raw, 'ws://a', `account ${i}`, { at: i }, (r) => r.at);
    }
    const kept = readAccountRecords(raw);
    expect(Object.keys(kept)).toHaveLength(50);
    expect(kept[accountKey('ws://a', 'account 54')]).toEqual({ at: 54 });
    expect(kept[accountKey('ws://a', 'account 4')]).toBeUndefined();
    expect(kept['ws://a|odd']).toBeUndefined();
  });
});
