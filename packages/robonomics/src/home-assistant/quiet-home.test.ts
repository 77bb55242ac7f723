import { describe, expect, it } from 'vitest';
import { DEFAULT_SENDING_TIMEOUT } from './config.ts';
import { quietAfterMs, quietKey, quietSince, quietText } from './quiet-home.ts';

const report = Date.UTC(2025, 10, 29, 14, 5);

describe('a quiet home', () => {
  it('is one whose newest report is older than three sending intervals', () => {
    // sending_timeout 600 s: quiet after 30 minutes.
    expect(quietSince(report, 600, report + 30 * 60_000)).toBeNull();
    expect(quietSince(report, 600, report + 30 * 60_000 + 1)).toBe(report);
    // A one-minute interval: quiet after three minutes.
    expect(quietSince(report, 60, report + 3 * 60_000 + 1)).toBe(report);
    expect(quietSince(report, 60, report + 2 * 60_000)).toBeNull();
  });

  it('uses Home Assistant’s default interval when the config’s is unknown or unusable', () => {
    expect(quietAfterMs(undefined)).toBe(3 * DEFAULT_SENDING_TIMEOUT * 1000);
    expect(quietAfterMs(0)).toBe(3 * DEFAULT_SENDING_TIMEOUT * 1000);
    expect(quietAfterMs(null)).toBe(1_800_000);
  });

  it('has nothing to say about a home that never reported', () => {
    expect(quietSince(null, 600, report)).toBeNull();
    expect(quietSince(undefined, 600, report)).toBeNull();
  });

  it('names the time of the last report, and each silence once', () => {
    expect(quietText(report, (ms) => new Date(ms).toISOString())).toBe(
      'Your home has not reported since 2025-11-29T14:05:00.000Z',
    );
    expect(quietKey('4E', report)).not.toBe(quietKey('4E', report + 1));
  });
});
