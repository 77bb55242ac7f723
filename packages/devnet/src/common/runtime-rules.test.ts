import { describe, expect, it } from 'vitest';
import { DAY_MS, haDaysLeft, kindToCodec, ledgerFromCodecJson } from './runtime-rules.ts';

describe('the runtime rules the devnet shares', () => {
  it('reads RWS.Ledger from codec JSON in either enum case, with big numbers as hex', () => {
    expect(
      ledgerFromCodecJson({
        freeWeight: '0x0000000000000000ffffffffffffffff',
        issueTime: 1_700_000_000_000,
        lastUpdate: '1700000000500',
        kind: { daily: { days: 30 } },
      }),
    ).toEqual({
      freeWeight: 18_446_744_073_709_551_615n,
      issueTime: 1_700_000_000_000n,
      lastUpdate: 1_700_000_000_500n,
      kind: { type: 'Daily', days: 30 },
    });
    const lifetime = ledgerFromCodecJson({ issueTime: 5, kind: { Lifetime: { tps: 500_000 } } });
    expect(lifetime.kind).toEqual({ type: 'Lifetime', tps: 500_000 });
    expect(kindToCodec(lifetime.kind)).toEqual({ Lifetime: { tps: 500_000 } });
  });

  it("counts days left as Home Assistant's sensor does", () => {
    const ledger = ledgerFromCodecJson({ issueTime: 0, kind: { daily: { days: 30 } } });
    expect(haDaysLeft(ledger, 0)).toBe(31);
    expect(haDaysLeft(ledger, 29 * DAY_MS + 1)).toBe(1);
    expect(haDaysLeft(ledger, 30 * DAY_MS)).toBe(1);
    expect(haDaysLeft(ledger, 31 * DAY_MS + 1)).toBe(0);
    const lifetime = ledgerFromCodecJson({ issueTime: 0, kind: { lifetime: { tps: 1 } } });
    expect(haDaysLeft(lifetime, 1e15)).toBe(100_000);
  });
});
