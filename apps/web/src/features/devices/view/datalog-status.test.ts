// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { datalogFreshness, downloadName, NOT_UPDATED_AFTER_MS, timeAgo } from './datalog-status.ts';

const MIN = 60_000;

describe('timeAgo', () => {
  it('says just now, minutes, hours and days', () => {
    const now = 1_000_000_000_000;
    expect(timeAgo(now - 30_000, now)).toBe('Just now');
    expect(timeAgo(now + 5_000, now)).toBe('Just now');
    expect(timeAgo(now - MIN, now)).toBe('1 minute ago');
    expect(timeAgo(now - 59 * MIN, now)).toBe('59 minutes ago');
    expect(timeAgo(now - 60 * MIN, now)).toBe('1 hour ago');
    expect(timeAgo(now - 23 * 60 * MIN, now)).toBe('23 hours ago');
    expect(timeAgo(now - 24 * 60 * MIN, now)).toBe('1 day ago');
    expect(timeAgo(now - 3 * 24 * 60 * MIN, now)).toBe('3 days ago');
  });
});

describe('datalogFreshness', () => {
  it('tries for five minutes, then says Not updated; data makes it Updated', () => {
    const since = 1_000_000;
    expect(datalogFreshness(null, since, since + 4 * MIN).text).toBe('Trying to get data');
    expect(datalogFreshness(null, since, since + NOT_UPDATED_AFTER_MS).text).toBe('Not updated');
    expect(datalogFreshness(since + 6 * MIN, since, since + 8 * MIN)).toEqual({
      kind: 'updated',
      text: 'Updated 2 minutes ago',
    });
  });
});

describe('downloadName', () => {
  it('follows the names of docs/product-rules.md and keeps them valid file names', () => {
    const time = new Date(2025, 8, 21, 12).getTime();
    expect(downloadName('Config', '127.0.0.1:5173', 'Seeded home', time)).toBe(
      '127.0.0.1_5173-Config_Seeded home-2025-09-21.json',
    );
    expect(downloadName('Datalog', 'app.example', 'a/b\\c?', time)).toBe(
      'app.example-Datalog_a_b_c_-2025-09-21.json',
    );
    expect(downloadName('Config', 'h', '   ', time)).toBe('h-Config_setup-2025-09-21.json');
  });
});
