import { describe, expect, it } from 'vitest';
import { amountsOn } from './chain-store.ts';

describe('how amounts are shown on a network', () => {
  it('in XRT with its 9 decimals on a known network, whatever else', () => {
    const known = {
      kind: 'known' as const,
      name: 'Robonomics on Kusama',
      genesisHash: '0x63',
      token: { decimals: 9, symbol: 'XRT' },
      ownEndpoint: false,
      devnet: false,
    };
    expect(amountsOn(known)).toEqual({ decimals: 9, tokenSymbol: 'XRT', unknownNetwork: false });
    expect(amountsOn(null)).toEqual({ decimals: 9, tokenSymbol: 'XRT', unknownNetwork: false });
  });

  it('unscaled, in the smallest unit and marked, on an unknown network, whatever it reports', () => {
    expect(
      amountsOn({
        kind: 'unknown',
        genesisHash: '0xab',
        reported: { decimals: 12, symbol: 'XRT' },
      }),
    ).toEqual({ decimals: 0, tokenSymbol: 'planck', unknownNetwork: true });
  });
});
