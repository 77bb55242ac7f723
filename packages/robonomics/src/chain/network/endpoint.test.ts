import { describe, expect, it } from 'vitest';
import {
  chooseEndpoint,
  DEFAULT_PARACHAIN_ENDPOINT,
  isLoopbackEndpoint,
  networkOfEndpoint,
  validateEndpoint,
} from './endpoint.ts';

describe('chooseEndpoint', () => {
  it('prefers a valid ?rpc= query parameter over the saved value', () => {
    const choice = chooseEndpoint({
      search: '?rpc=wss://kusama.rpc.robonomics.network/',
      stored: 'ws://127.0.0.1:9944',
    });
    expect(choice).toEqual({ endpoint: 'wss://kusama.rpc.robonomics.network/', source: 'query' });
  });

  it('decodes a percent-encoded query value', () => {
    const choice = chooseEndpoint({ search: '?rpc=ws%3A%2F%2F127.0.0.1%3A9944', stored: null });
    expect(choice.endpoint).toBe('ws://127.0.0.1:9944');
    expect(choice.source).toBe('query');
  });

  it('uses the saved value when there is no query parameter', () => {
    const choice = chooseEndpoint({ search: '', stored: 'ws://127.0.0.1:9944' });
    expect(choice).toEqual({ endpoint: 'ws://127.0.0.1:9944', source: 'storage' });
  });

  it('falls back to the default, then to a build-specific fallback', () => {
    expect(chooseEndpoint({ search: '', stored: null })).toEqual({
      endpoint: DEFAULT_PARACHAIN_ENDPOINT,
      source: 'default',
    });
    expect(
      chooseEndpoint({ search: '?x=1', stored: null, fallback: 'ws://127.0.0.1:9944' }).endpoint,
    ).toBe('ws://127.0.0.1:9944');
  });

  it('rejects a hostile or malformed ?rpc= and reports why', () => {
    const choice = chooseEndpoint({ search: '?rpc=javascript:alert(1)', stored: null });
    expect(choice.endpoint).toBe(DEFAULT_PARACHAIN_ENDPOINT);
    expect(choice.rejectedQuery).toEqual({
      value: 'javascript:alert(1)',
      error: 'The endpoint must be a ws:// or wss:// address.',
    });
  });

  it('ignores a corrupt saved value', () => {
    expect(chooseEndpoint({ search: '', stored: 'https://example.com' }).source).toBe('default');
  });
});

describe('validateEndpoint', () => {
  it.each([
    ['', 'Enter an endpoint address.'],
    ['not a url', 'The endpoint must be a ws:// or wss:// address.'],
    ['http://node.example', 'The endpoint must be a ws:// or wss:// address.'],
    [
      'wss://user:pw@node.example',
      'The endpoint address must not contain a user name or password.',
    ],
    ['wss://node.example/#x', 'The endpoint address must not contain a #.'],
  ])('refuses %j', (input, error) => {
    expect(validateEndpoint(input)).toEqual({ ok: false, error });
  });

  it('accepts ws and wss with ports and paths, trimming spaces', () => {
    expect(validateEndpoint(' wss://node.example:443/rpc ')).toEqual({
      ok: true,
      url: 'wss://node.example:443/rpc',
    });
    expect(validateEndpoint('ws://127.0.0.1:9944').ok).toBe(true);
  });

  it('refuses very long input', () => {
    expect(validateEndpoint(`wss://${'a'.repeat(3000)}.example`).ok).toBe(false);
  });
});

describe('networkOfEndpoint', () => {
  it('names the known networks, loopback as local and anything else custom', () => {
    expect(networkOfEndpoint('wss://polkadot.rpc.robonomics.network')).toBe('polkadot');
    expect(networkOfEndpoint('wss://kusama.rpc.robonomics.network/')).toBe('kusama');
    expect(networkOfEndpoint('ws://127.0.0.1:9944')).toBe('local');
    expect(networkOfEndpoint('ws://localhost:1234')).toBe('local');
    // airalab/robonomics.app took the first DNS label, calling this network "127" or "node".
    expect(networkOfEndpoint('wss://node.example/')).toBe('custom');
  });

  it('recognises loopback hosts only', () => {
    expect(isLoopbackEndpoint('ws://127.0.0.1:9944')).toBe(true);
    expect(isLoopbackEndpoint('wss://127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackEndpoint('::')).toBe(false);
  });
});
