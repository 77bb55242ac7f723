import { describe, expect, it } from 'vitest';
import { legacyUrl } from './legacy-redirect.ts';

describe('legacyUrl', () => {
  const base = 'https://v0.dapp.robonomics.network/';
  it('keeps the rest of the route and its query', () => {
    expect(legacyUrl(base, '/v0/rws-buy', '?a=1')).toBe(`${base}#/rws-buy?a=1`);
    expect(legacyUrl(base, '/v0/hardware/altruist')).toBe(`${base}#/hardware/altruist`);
  });
  it('sends /v0 alone to the old home page', () => {
    expect(legacyUrl(base, '/v0')).toBe(`${base}#/`);
    expect(legacyUrl(base, '/v0/')).toBe(`${base}#/`);
  });
});
