import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, LazyPage, loadWithTimeout } from './lazy-page.tsx';

function Page() {
  return <h1>Loaded page</h1>;
}

describe('loadWithTimeout', () => {
  it('turns a failed import into a ChunkLoadError', async () => {
    await expect(
      loadWithTimeout(() => Promise.reject(new TypeError('fetch failed'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => {}), 120_000);
    const assertion = expect(pending).rejects.toThrow('Loading took longer than 120 s.');
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });
});

describe('LazyPage', () => {
  it('shows a retry state on failure and loads on retry', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: Page });
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LazyPage load={load} />);
    expect(await screen.findByText('This part of the app failed to load')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Loaded page')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
