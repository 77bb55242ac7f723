import { describe, expect, it } from 'vitest';
import { nextChainFailed } from './offline-state.ts';

describe('nextChainFailed', () => {
  it('fails when the first connection fails and stays failed while the app retries', () => {
    let failed = nextChainFailed(false, { state: 'connecting', client: null });
    expect(failed).toBe(false);
    failed = nextChainFailed(failed, { state: 'error', client: null });
    expect(failed).toBe(true);
    // The retry starts over without a client: still unreachable.
    failed = nextChainFailed(failed, { state: 'connecting', client: null });
    expect(failed).toBe(true);
    expect(nextChainFailed(failed, { state: 'connected', client: {} })).toBe(false);
  });

  it('fails when an open connection drops', () => {
    expect(nextChainFailed(false, { state: 'connecting', client: {} })).toBe(true);
  });

  it('does not fail on a deliberate disconnect (switching networks)', () => {
    expect(nextChainFailed(false, { state: 'disconnected', client: null })).toBe(false);
  });
});
