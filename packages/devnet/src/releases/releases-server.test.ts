import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../common/options.ts';
import { devnetRelease, LATEST_RELEASE_PATH, startReleasesServer } from './releases-server.ts';

describe('releases endpoint', () => {
  let handle: ServiceHandle;
  beforeAll(async () => {
    handle = await startReleasesServer('127.0.0.1', 0);
  });
  afterAll(() => handle.stop());

  it('answers the latest release in GitHub shape, with CORS for the app', async () => {
    const res = await fetch(`${handle.url}${LATEST_RELEASE_PATH}`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual(devnetRelease);
    expect(Object.keys(body).sort()).toEqual(['html_url', 'name', 'tag_name']);
    // A tool (no Origin header) is served without CORS headers.
    const tool = await fetch(`${handle.url}${LATEST_RELEASE_PATH}`);
    expect(tool.status).toBe(200);
    expect(tool.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses pages of other origins', async () => {
    const res = await fetch(`${handle.url}${LATEST_RELEASE_PATH}`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${handle.url}${LATEST_RELEASE_PATH}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(403);
  });

  it('answers 404 with GitHub body for other paths', async () => {
    const res = await fetch(`${handle.url}/repos/other/repo/releases/latest`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found', status: '404' });
  });
});
