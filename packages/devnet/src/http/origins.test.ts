import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_ORIGINS, isAllowedOrigin, parseOrigins } from './origins.ts';

describe('allowed origins', () => {
  it('serves tools (no Origin) and the app’s origins, and no other page', () => {
    expect(isAllowedOrigin(undefined, DEFAULT_APP_ORIGINS)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:5173', DEFAULT_APP_ORIGINS)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', DEFAULT_APP_ORIGINS)).toBe(true);
    for (const other of [
      'null',
      'http://evil.example',
      'http://127.0.0.1:5174',
      'https://127.0.0.1:5173',
    ]) {
      expect(isAllowedOrigin(other, DEFAULT_APP_ORIGINS), other).toBe(false);
    }
  });

  it('reads --allowed-origins as a list of bare origins', () => {
    expect(parseOrigins('http://127.0.0.1:4173, https://dapp.example')).toEqual([
      'http://127.0.0.1:4173',
      'https://dapp.example',
    ]);
    for (const bad of ['127.0.0.1:5173', 'http://x.example/path', 'ws://x.example', 'nonsense']) {
      expect(() => parseOrigins(bad), bad).toThrow(/is not an origin/);
    }
  });
});
