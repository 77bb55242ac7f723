import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestRelease, useLatestRelease } from './latest-release.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('fetchLatestRelease', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps the GitHub shape', async () => {
    answer(200, {
      html_url: 'https://github.com/a/b/releases/tag/v1',
      name: 'One',
      tag_name: 'v1',
    });
    await expect(fetchLatestRelease('http://x')).resolves.toEqual({
      htmlUrl: 'https://github.com/a/b/releases/tag/v1',
      name: 'One',
      tagName: 'v1',
    });
  });

  it('fails on non-2xx answers (airalab/robonomics.app showed "undefined undefined")', async () => {
    answer(403, { message: 'API rate limit exceeded' });
    await expect(fetchLatestRelease('http://x')).rejects.toThrow('The releases API answered 403.');
  });

  it('reads a release of up to 1 MB and refuses one byte more, in words', async () => {
    const release = (bytes: number) => {
      const fields = {
        html_url: 'https://github.com/a/b/releases/tag/v1',
        name: 'One',
        tag_name: 'v1',
      };
      const empty = JSON.stringify({ ...fields, body: '' });
      return JSON.stringify({ ...fields, body: 'n'.repeat(bytes - empty.length) });
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(release(1024 * 1024))),
    );
    await expect(fetchLatestRelease('http://x')).resolves.toMatchObject({ tagName: 'v1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(release(1024 * 1024 + 1))),
    );
    await expect(fetchLatestRelease('http://x')).rejects.toThrow(
      'The releases API sent more than 1 MB; it was not read.',
    );
  });

  it('fails on a body without a release and on a non-https link', async () => {
    answer(200, { message: 'Not Found' });
    await expect(fetchLatestRelease('http://x')).rejects.toThrow('without a release');
    answer(200, { html_url: 'javascript:alert(1)', name: 'x', tag_name: 'v1' });
    await expect(fetchLatestRelease('http://x')).rejects.toThrow('not an https address');
  });
});

describe('useLatestRelease', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the release, tries once more after a failure and asks again only when stale', async () => {
    vi.useFakeTimers();
    const release = {
      html_url: 'https://github.com/a/b/releases/tag/v2',
      name: '',
      tag_name: 'v2',
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 502 }))
      .mockResolvedValue(new Response(JSON.stringify(release), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result, unmount } = renderHook(() => useLatestRelease('http://releases.test/one'));
    expect(result.current).toEqual({ status: 'loading' });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toEqual({
      status: 'loaded',
      release: { htmlUrl: release.html_url, name: '', tagName: 'v2' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    // A new mount within 30 minutes shows the same answer without asking; later it asks again.
    const again = renderHook(() => useLatestRelease('http://releases.test/one'));
    expect(again.result.current.status).toBe('loaded');
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    act(() => void window.dispatchEvent(new Event('focus')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    again.unmount();
  });

  it('says the releases API sent too much, at once: the same answer again would be as large', async () => {
    const fetchMock = vi.fn(async () => new Response(`{"body":"${'n'.repeat(2 * 1024 * 1024)}"}`));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLatestRelease('http://releases.test/large'));
    await vi.waitFor(() => expect(result.current).toEqual({ status: 'failed', tooLarge: true }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says it failed after the second try fails too', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 403 })),
    );
    const { result } = renderHook(() => useLatestRelease('http://releases.test/two'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toEqual({ status: 'failed' });
  });
});
