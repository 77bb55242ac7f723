import type { NetworkIdentity } from '@robonomics-dapp/robonomics/chain/network/network-identity';
import { XRT } from '@robonomics-dapp/robonomics/chain/network/network-identity';
import { afterEach, describe, expect, it } from 'vitest';
import { secondNodeNetworkKey, writeOwnSecondNode } from '../storage/second-nodes.ts';
import { secondNodesFor } from './second-nodes.ts';

const POLKADOT = '0x29f4371dcc41045f5041489dfcd51389bf8ccd2161332e0de1ca803bcc3ee872';
const KUSAMA = '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc';

const known = (name: string, genesisHash: string): NetworkIdentity => ({
  kind: 'known',
  name,
  genesisHash,
  token: XRT,
  ownEndpoint: true,
  devnet: false,
});
const kusama = known('Robonomics on Kusama', KUSAMA);
const polkadot = known('Robonomics on Polkadot', POLKADOT);
const endpoints = (network: NetworkIdentity, connected: string) =>
  secondNodesFor(network, connected).nodes.map((n) => n.endpoint);

afterEach(() => localStorage.clear());

describe('the second nodes before signing', () => {
  it('are the known network’s public nodes other than the connected one', () => {
    expect(endpoints(kusama, 'wss://kusama.rpc.robonomics.network/')).toEqual([
      'wss://robonomics.0xsamsara.com/',
    ]);
    // The same node written without its slash or in capitals is still the connected one.
    expect(endpoints(kusama, 'WSS://robonomics.0xsamsara.com')).toEqual([
      'wss://kusama.rpc.robonomics.network/',
    ]);
    // A custom node claiming Polkadot meets Polkadot's public node.
    expect(endpoints(polkadot, 'ws://127.0.0.1:9000')).toEqual([
      'wss://polkadot.rpc.robonomics.network/',
    ]);
  });

  it('are found for a genesis hash written in capitals', () => {
    const shouted = known('Robonomics on Kusama', `0x${KUSAMA.slice(2).toUpperCase()}`);
    expect(endpoints(shouted, 'ws://127.0.0.1:9000')).toEqual([
      'wss://kusama.rpc.robonomics.network/',
      'wss://robonomics.0xsamsara.com/',
    ]);
  });

  it('are none on Polkadot’s own public node and on an unknown chain, each with its reason', () => {
    expect(secondNodesFor(polkadot, 'wss://polkadot.rpc.robonomics.network/')).toEqual({
      nodes: [],
      none: 'Robonomics on Polkadot has no public node besides the one in use.',
    });
    const unknown: NetworkIdentity = {
      kind: 'unknown',
      genesisHash: `0x${'ab'.repeat(32)}`,
      reported: {},
    };
    expect(secondNodesFor(unknown, 'ws://127.0.0.1:9944')).toEqual({
      nodes: [],
      none: 'the app does not know this chain, so it knows no second node of it.',
    });
    expect(secondNodesFor(null, 'ws://127.0.0.1:9944').nodes).toEqual([]);
  });

  it('is the one the user named for the network, instead of the public ones', () => {
    expect(
      writeOwnSecondNode(secondNodeNetworkKey(polkadot)!, 'wss://my-node.example/'),
    ).toBeNull();
    expect(secondNodesFor(polkadot, 'wss://polkadot.rpc.robonomics.network/').nodes).toEqual([
      { endpoint: 'wss://my-node.example/', own: true },
    ]);
    // Kept per network: Kusama still asks its public nodes.
    expect(endpoints(kusama, 'wss://kusama.rpc.robonomics.network/')).toEqual([
      'wss://robonomics.0xsamsara.com/',
    ]);
    // The network's key takes any case of its genesis hash.
    const shouted = known('Robonomics on Polkadot', `0x${POLKADOT.slice(2).toUpperCase()}`);
    expect(endpoints(shouted, 'ws://127.0.0.1:9000')).toEqual(['wss://my-node.example/']);
    // Named as the node in use, it confirms nothing, and says so.
    expect(secondNodesFor(polkadot, 'wss://my-node.example')).toEqual({
      nodes: [],
      none: 'the second node you named for this network is the node in use.',
    });
  });

  it('refuses a named node that is no endpoint, in words, and keeps nothing', () => {
    expect(writeOwnSecondNode('devnet', 'http://example.com')).toBe(
      'The endpoint must be a ws:// or wss:// address.',
    );
    expect(secondNodesFor(polkadot, 'ws://127.0.0.1:9000').nodes[0]?.own).toBe(false);
    // Whatever else is kept under the key is ignored.
    localStorage.setItem('robonomics-dapp.second-nodes.v1', '{"devnet": 5, "x": "javascript:1"}');
    expect(secondNodeNetworkKey(polkadot)).toBe(POLKADOT);
    expect(writeOwnSecondNode('devnet', null)).toBeNull();
  });
});
