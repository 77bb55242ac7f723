import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS, useToasts, visibleToasts } from './toasts.ts';

const texts = () => useToasts.getState().toasts.map((t) => t.text);

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
    expect(texts()).toEqual(['Twin id #89']);
    vi.advanceTimersByTime(2000);
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it('keeps an error until it is dismissed', () => {
    vi.useFakeTimers();
    const { notify, dismiss } = useToasts.getState();
    const id = notify('Error: decryptMsg', { kind: 'error' });
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Error: decryptMsg']);
    dismiss(id);
    expect(texts()).toEqual([]);
  });

  it('replaces a progress message by the next one of its step and drops it when the step ends', () => {
    vi.useFakeTimers();
    const { notify, finish } = useToasts.getState();
    notify('Find twin id', { step: 'home-load' });
    notify('Connect to peer id 12D3', { step: 'peer' });
    notify('Twin id #1', { step: 'home-load' });
    notify('Start load config', { step: 'home-load' });
    // Progress stays while its step runs, however long.
    vi.advanceTimersByTime(60_000);
    // Replaced where it stands: the messages on screen do not move.
    expect(texts()).toEqual(['Start load config', 'Connect to peer id 12D3']);
    notify('Config loaded', { step: 'home-load', kind: 'success' });
    expect(texts()).toEqual(['Config loaded', 'Connect to peer id 12D3']);
    finish('peer');
    expect(texts()).toEqual(['Config loaded']);
    // A result of a step is shown for the usual time; finishing the step does not cut it short.
    finish('home-load');
    expect(texts()).toEqual(['Config loaded']);
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS);
    expect(texts()).toEqual([]);
  });

  it('never replaces an error by the next message of its step', () => {
    const { notify } = useToasts.getState();
    notify('Error: no config', { step: 'home-load', kind: 'error' });
    notify('Find twin id', { step: 'home-load' });
    expect(texts()).toEqual(['Error: no config', 'Find twin id']);
  });

  it('shows the newest three', () => {
    const { notify } = useToasts.getState();
    for (const text of ['a', 'b', 'c', 'd', 'e']) notify(text, { timeoutMs: 0 });
    expect(visibleToasts(useToasts.getState().toasts).map((t) => t.text)).toEqual(['c', 'd', 'e']);
  });
});
