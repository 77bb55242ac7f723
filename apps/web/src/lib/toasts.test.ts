import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from './toasts.ts';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    useToasts.setState({ toasts: [] });
  });

  it('keeps a newer message when an older one times out', () => {
    vi.useFakeTimers();
    const { notify } = useToasts.getState();
    notify('Find twin id');
    vi.advanceTimersByTime(2000);
    notify('Twin id #89');
    vi.advanceTimersByTime(1000);
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual(['Twin id #89']);
    vi.advanceTimersByTime(2000);
    expect(useToasts.getState().toasts).toEqual([]);
  });
});
