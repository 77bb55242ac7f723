import { describe, expect, it } from 'vitest';
import { nextTxStatus, type TxEvent, type TxStatus } from './tx-status.ts';

function run(events: TxEvent['type'][], from: TxStatus = 'NEW'): TxStatus {
  return events.reduce<TxStatus>((s, type) => nextTxStatus(s, { type } as TxEvent), from);
}

describe('transaction button states', () => {
  it('goes NEW → PRE_PROCESS → WAIT_TX → READY', () => {
    expect(run(['start'])).toBe('PRE_PROCESS');
    expect(run(['start', 'signed'])).toBe('WAIT_TX');
    expect(run(['start', 'signed', 'done'])).toBe('READY');
  });

  it('returns to NEW when the user rejects, before or after signing started', () => {
    expect(run(['start', 'cancelled'])).toBe('NEW');
    expect(run(['start', 'signed', 'cancelled'])).toBe('NEW');
  });

  it('ends in ERROR on failure and starts again from ERROR', () => {
    expect(run(['start', 'signed', 'failed'])).toBe('ERROR');
    expect(run(['start', 'signed', 'failed', 'start'])).toBe('PRE_PROCESS');
  });

  it('ignores a second start while running and stray completions', () => {
    expect(run(['start', 'signed', 'start'])).toBe('WAIT_TX');
    expect(run(['done'])).toBe('NEW');
    expect(run(['failed'])).toBe('NEW');
  });
});
