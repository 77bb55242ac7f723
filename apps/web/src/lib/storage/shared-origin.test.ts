import { describe, expect, it } from 'vitest';
import { EMPTY_FILE_CID, probeServesIpfs } from './shared-origin.ts';

const answering = (response: () => Response) => {
  const asked: string[] = [];
  const fetcher = (async (url: string | URL | Request) => {
    asked.push(String(url));
    return response();
  }) as typeof fetch;
  return { fetcher, asked };
};

describe('whether the app’s origin also serves IPFS', () => {
  it('is true for a gateway: the empty file, empty', async () => {
    const { fetcher, asked } = answering(() => new Response('', { status: 200 }));
    expect(await probeServesIpfs('https://app.example.org', fetcher)).toBe(true);
    expect(asked).toEqual([`https://app.example.org/ipfs/${EMPTY_FILE_CID}`]);
  });

  it('is false for the app’s own page at any path, a 404 and a redirect', async () => {
    const page = answering(() => new Response('<!doctype html><title>App</title>'));
    const missing = answering(() => new Response('not found', { status: 404 }));
    const moved = answering(() => new Response(null, { status: 301 }));
    for (const { fetcher } of [page, missing, moved])
      expect(await probeServesIpfs('https://app.example.org', fetcher)).toBe(false);
  });

  it('does not know when nothing answers', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeServesIpfs('https://app.example.org', fetcher)).toBeNull();
  });
});
