import { describe, expect, it } from 'vitest';
import { publicNodesOf } from './endpoint.ts';
import { normalizeGenesisHash, sameGenesis } from './genesis-hash.ts';
import { identifyNetwork, reportedToken, XRT } from './network-identity.ts';

const KUSAMA_URL = 'wss://kusama.rpc.robonomics.network/';
const POLKADOT_URL = 'wss://polkadot.rpc.robonomics.network/';
const KUSAMA = '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc';
const POLKADOT = '0x29f4371dcc41045f5041489dfcd51389bf8ccd2161332e0de1ca803bcc3ee872';
const OTHER = `0x${'ab'.repeat(32)}`;
const XRT_PROPERTIES = { ss58Format: 32, tokenDecimals: 9, tokenSymbol: 'XRT' };
const DEVNET = ['ws://127.0.0.1:9944', 'ws://localhost:9944'];

describe('identifyNetwork', () => {
  it('knows Robonomics on Kusama and Polkadot at their endpoints by the pinned genesis', () => {
    expect(
      identifyNetwork({ endpoint: KUSAMA_URL, genesisHash: KUSAMA, properties: XRT_PROPERTIES }),
    ).toEqual({
      kind: 'known',
      name: 'Robonomics on Kusama',
      genesisHash: KUSAMA,
      token: XRT,
      ownEndpoint: true,
      devnet: false,
    });
    expect(
      identifyNetwork({
        endpoint: POLKADOT_URL.toUpperCase().replace('WSS:', 'wss:'),
        genesisHash: POLKADOT.toUpperCase().replace('0X', '0x'),
        properties: { tokenDecimals: [9], tokenSymbol: ['XRT'] },
      }),
    ).toMatchObject({ kind: 'known', name: 'Robonomics on Polkadot', ownEndpoint: true });
  });

  it('keeps one form of a genesis hash written in capitals: lower case', () => {
    const shouted = `0x${KUSAMA.slice(2).toUpperCase()}`;
    // At a known endpoint, as a custom node claiming it, and as an unknown chain.
    for (const endpoint of [KUSAMA_URL, 'wss://custom.example/']) {
      expect(
        identifyNetwork({ endpoint, genesisHash: shouted, properties: XRT_PROPERTIES }),
      ).toMatchObject({ kind: 'known', name: 'Robonomics on Kusama', genesisHash: KUSAMA });
    }
    expect(
      identifyNetwork({
        endpoint: 'wss://custom.example/',
        genesisHash: `0x${'AB'.repeat(32)}`,
        properties: {},
      }),
    ).toMatchObject({ kind: 'unknown', genesisHash: OTHER });
    expect(normalizeGenesisHash(shouted)).toBe(KUSAMA);
    expect(normalizeGenesisHash('0x1234')).toBeNull();
    expect(normalizeGenesisHash(42)).toBeNull();
    expect(sameGenesis(shouted, KUSAMA)).toBe(true);
    expect(sameGenesis(KUSAMA, POLKADOT)).toBe(false);
    expect(sameGenesis(undefined, KUSAMA)).toBe(false);
    // The network's public nodes are found from any case of its hash.
    expect(publicNodesOf(shouted)).toEqual(publicNodesOf(KUSAMA));
    expect(publicNodesOf(shouted)).toHaveLength(2);
  });

  it('refuses a node at a known endpoint that reports another genesis', () => {
    const refused = identifyNetwork({
      endpoint: POLKADOT_URL,
      genesisHash: KUSAMA,
      properties: XRT_PROPERTIES,
    });
    expect(refused).toEqual({
      kind: 'refused',
      reason:
        'This node is not Robonomics on Polkadot: it reports another chain (genesis 0x631ccc…9b17bc). The app does not use it; choose another network.',
    });
  });

  it('refuses a known network whose node reports other decimals or another symbol', () => {
    const twelve = identifyNetwork({
      endpoint: KUSAMA_URL,
      genesisHash: KUSAMA,
      properties: { tokenDecimals: 12, tokenSymbol: 'XRT' },
    });
    expect(twelve).toEqual({
      kind: 'refused',
      reason:
        'This node says it is Robonomics on Kusama, whose token is XRT with 9 decimals, but it reports the symbol XRT and 12 decimals. The app does not use it, so that no amount is shown or signed at the wrong scale; choose another network.',
    });
    expect(
      identifyNetwork({
        endpoint: KUSAMA_URL,
        genesisHash: KUSAMA,
        properties: { tokenDecimals: 9, tokenSymbol: 'KSM' },
      }).kind,
    ).toBe('refused');
    // A node that reports no token properties is held to the pinned ones.
    expect(
      identifyNetwork({ endpoint: KUSAMA_URL, genesisHash: KUSAMA, properties: null }),
    ).toMatchObject({ kind: 'known', token: { decimals: 9, symbol: 'XRT' } });
  });

  it('takes a custom node claiming a known genesis as that network, but not as its endpoint', () => {
    const claimed = identifyNetwork({
      endpoint: 'ws://127.0.0.1:9950',
      genesisHash: KUSAMA,
      properties: XRT_PROPERTIES,
    });
    expect(claimed).toMatchObject({
      kind: 'known',
      name: 'Robonomics on Kusama',
      ownEndpoint: false,
    });
    expect(
      identifyNetwork({
        endpoint: 'wss://my-node.example/',
        genesisHash: KUSAMA,
        properties: { tokenDecimals: 12, tokenSymbol: 'XRT' },
      }).kind,
    ).toBe('refused');
  });

  it('marks any other chain unknown, with what it reports, and never scales by it', () => {
    expect(
      identifyNetwork({
        endpoint: 'wss://my-node.example/',
        genesisHash: OTHER,
        properties: { tokenDecimals: 12, tokenSymbol: 'XRT' },
      }),
    ).toEqual({ kind: 'unknown', genesisHash: OTHER, reported: { decimals: 12, symbol: 'XRT' } });
    // The local devnet is known only where the build names it.
    expect(
      identifyNetwork({ endpoint: 'ws://127.0.0.1:9944', genesisHash: OTHER, properties: {} }).kind,
    ).toBe('unknown');
  });

  it("knows the build's own devnet by its endpoint, with XRT's decimals pinned", () => {
    expect(
      identifyNetwork({
        endpoint: 'ws://localhost:9944/',
        genesisHash: OTHER,
        properties: XRT_PROPERTIES,
        devnetEndpoints: DEVNET,
      }),
    ).toEqual({
      kind: 'known',
      name: 'Local devnet',
      genesisHash: OTHER,
      token: XRT,
      ownEndpoint: true,
      devnet: true,
    });
    expect(
      identifyNetwork({
        endpoint: 'ws://127.0.0.1:9944',
        genesisHash: OTHER,
        properties: { tokenDecimals: 12, tokenSymbol: 'XRT' },
        devnetEndpoints: DEVNET,
      }).kind,
    ).toBe('refused');
    // A devnet node claiming Kusama's genesis is Kusama, but no endpoint of Kusama's.
    expect(
      identifyNetwork({
        endpoint: 'ws://127.0.0.1:9944',
        genesisHash: KUSAMA,
        properties: XRT_PROPERTIES,
        devnetEndpoints: DEVNET,
      }),
    ).toMatchObject({ kind: 'known', name: 'Robonomics on Kusama', ownEndpoint: false });
    // Another port of the same machine is not the devnet.
    expect(
      identifyNetwork({
        endpoint: 'ws://127.0.0.1:9950',
        genesisHash: OTHER,
        properties: XRT_PROPERTIES,
        devnetEndpoints: DEVNET,
      }).kind,
    ).toBe('unknown');
  });
});

describe('reportedToken', () => {
  it('reads numbers, arrays and nothing, and ignores nonsense', () => {
    expect(reportedToken({ tokenDecimals: 9, tokenSymbol: 'XRT' })).toEqual(XRT);
    expect(reportedToken({ tokenDecimals: [12], tokenSymbol: ['KSM'] })).toEqual({
      decimals: 12,
      symbol: 'KSM',
    });
    expect(reportedToken(null)).toEqual({});
    expect(reportedToken({ tokenDecimals: 'x', tokenSymbol: 5 })).toEqual({});
    expect(reportedToken({ tokenDecimals: -1, tokenSymbol: '' })).toEqual({});
    expect(reportedToken({ tokenDecimals: 1.5 })).toEqual({});
  });
});
