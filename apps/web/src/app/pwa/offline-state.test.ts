import { describe, expect, it, vi } from 'vitest';
import { nextChainFailed, originAnswers } from './offline-state.ts';

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

describe('originAnswers', () => {
  const base = 'http://127.0.0.1:5173/';

  it('counts any answer of the app server, error statuses included', async () => {
    const fetchFn = vi.fn(async () => new Response(null, { status: 404 }));
    expect(await originAnswers(fetchFn, base)).toBe(true);
  });

  it('is false when the request fails at the network', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await originAnswers(fetchFn, base)).toBe(false);
  });

  it('asks a URL the worker cache cannot answer, past the HTTP cache', async () => {
    const fetchFn = vi.fn(async (_url: URL | RequestInfo, _init?: RequestInit) => new Response());
    await originAnswers(fetchFn as typeof fetch, 'https://host/app/');
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(String(url)).toMatch(/^https:\/\/host\/app\/manifest\.webmanifest\?reachable=\d+$/);
    expect(init).toEqual({ method: 'HEAD', cache: 'no-store' });
  });
});
