import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestRelease } from './latest-release.ts';

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

  it('fails on a body without a release and on a non-https link', async () => {
    answer(200, { message: 'Not Found' });
    await expect(fetchLatestRelease('http://x')).rejects.toThrow('without a release');
    answer(200, { html_url: 'javascript:alert(1)', name: 'x', tag_name: 'v1' });
    await expect(fetchLatestRelease('http://x')).rejects.toThrow('not an https address');
  });
});
