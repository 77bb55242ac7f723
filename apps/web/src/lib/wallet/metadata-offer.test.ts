import { describe, expect, it } from 'vitest';
import { offersMetadata, shouldOffer } from './metadata-offer.ts';

const target = { wallet: 'polkadot-js', genesisHash: '0xAB', specVersion: 43 };

describe('offering the chain metadata to a wallet', () => {
  it('offers when the wallet does not know the chain', () => {
    expect(shouldOffer(target, [], [])).toBe(true);
    expect(shouldOffer(target, [{ genesisHash: '0xcd', specVersion: 43 }], [])).toBe(true);
  });

  it('offers again when the wallet knows only another spec version (a runtime upgrade)', () => {
    expect(shouldOffer(target, [{ genesisHash: '0xab', specVersion: 42 }], [])).toBe(true);
  });

  it('does not offer what the wallet already knows, whatever the case of the hash', () => {
    expect(shouldOffer(target, [{ genesisHash: '0xab', specVersion: 43 }], [])).toBe(false);
  });

  it('offers a spec version once per wallet, even when the user declined it', () => {
    expect(shouldOffer(target, [], ['polkadot-js|0xab|43'])).toBe(false);
    expect(shouldOffer({ ...target, wallet: 'talisman' }, [], ['polkadot-js|0xab|43'])).toBe(true);
    expect(shouldOffer({ ...target, specVersion: 44 }, [], ['polkadot-js|0xab|43'])).toBe(true);
  });
});

describe('which networks are offered at all', () => {
  const known = {
    kind: 'known' as const,
    name: 'Robonomics on Kusama',
    genesisHash: '0xab',
    token: { decimals: 9, symbol: 'XRT' },
    devnet: false,
  };

  it('offers a known network at one of the build’s endpoints only', () => {
    expect(offersMetadata({ ...known, ownEndpoint: true })).toBe(true);
    // A custom node claiming a known genesis: the wallet would keep its metadata for that chain.
    expect(offersMetadata({ ...known, ownEndpoint: false })).toBe(false);
    expect(offersMetadata({ kind: 'unknown', genesisHash: '0xcd', reported: {} })).toBe(false);
    expect(offersMetadata({ kind: 'refused', reason: 'no' })).toBe(false);
    expect(offersMetadata(null)).toBe(false);
  });
});
