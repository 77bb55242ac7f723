import { describe, expect, it, vi } from 'vitest';
import { failedModuleUrl, retryableImport, withRetryQuery } from './retry-import.ts';

const origin = 'http://127.0.0.1:5173';
const PAGE_URL = `${origin}/assets/DigitalTwinPage-abc123.js`;
const failure = (url: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`);

/** A browser that keeps failed imports: the URLs that failed once fail for good. */
function keepingBrowser(down: Set<string>) {
  const failedForGood = new Set<string>();
  const importFn = vi.fn(async (url: string) => {
    if (failedForGood.has(url) || down.has(url.replace(/\?.*$/, ''))) {
      failedForGood.add(url);
      throw failure(url);
    }
    return { default: url };
  });
  return { importFn, load: () => importFn(PAGE_URL) };
}

describe('failedModuleUrl', () => {
  it("reads the module URL from Chromium's and Firefox's messages", () => {
    expect(failedModuleUrl(failure(PAGE_URL), origin)).toBe(PAGE_URL);
    expect(
      failedModuleUrl(
        new TypeError(`error loading dynamically imported module: ${PAGE_URL}`),
        origin,
      ),
    ).toBe(PAGE_URL);
  });

  it('names nothing for other origins, other files or messages without a URL', () => {
    expect(failedModuleUrl(failure('https://evil.example/x.js'), origin)).toBeNull();
    expect(failedModuleUrl(failure(`${origin}/assets/style.css`), origin)).toBeNull();
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'), origin)).toBeNull();
  });
});

describe('retryableImport', () => {
  it('imports a fresh copy of the failed module in a browser that keeps the failure', async () => {
    const down = new Set([PAGE_URL]);
    const { importFn, load } = keepingBrowser(down);
    const page = retryableImport(load, { origin, importFn });
    await expect(page()).rejects.toThrow(PAGE_URL);
    down.clear();
    // The same URL again would fail for good here; the retry asks for a new one.
    expect(await page()).toEqual({ default: withRetryQuery(PAGE_URL, 1) });
    expect(importFn).toHaveBeenLastCalledWith(`${PAGE_URL}?retry=1`);
  });

  it('gives every later call the module that loaded, so the page runs once', async () => {
    const down = new Set([PAGE_URL]);
    const { importFn, load } = keepingBrowser(down);
    const page = retryableImport(load, { origin, importFn });
    await expect(page()).rejects.toThrow();
    down.clear();
    const first = await page();
    expect(await page()).toBe(first);
    expect(importFn).toHaveBeenCalledTimes(2);
  });

  it('counts its tries while the file is still down', async () => {
    const importFn = vi.fn(async (url: string) => {
      throw failure(url);
    });
    const page = retryableImport(() => importFn(PAGE_URL), { origin, importFn });
    await expect(page()).rejects.toThrow();
    await expect(page()).rejects.toThrow();
    await expect(page()).rejects.toThrow();
    expect(importFn.mock.calls.map(([url]) => url)).toEqual([
      PAGE_URL,
      `${PAGE_URL}?retry=1`,
      `${PAGE_URL}?retry=2`,
    ]);
  });

  it('calls the loader again when the failure names no module', async () => {
    const load = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce({ default: 'page' });
    const page = retryableImport(load, { origin, importFn: vi.fn() });
    await expect(page()).rejects.toThrow();
    expect(await page()).toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
