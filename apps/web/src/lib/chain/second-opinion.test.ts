import { describe, expect, it } from 'vitest';
import { secondNodeFor } from './second-opinion.ts';

const POLKADOT = '0x29f4371dcc41045f5041489dfcd51389bf8ccd2161332e0de1ca803bcc3ee872';
const KUSAMA = '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc';

describe('the second node before signing', () => {
  it('is a public node of the known network other than the connected one', () => {
    expect(secondNodeFor(KUSAMA, 'wss://kusama.rpc.robonomics.network/')).toBe(
      'wss://robonomics.0xsamsara.com/',
    );
    // The same node written without its slash or in capitals is still the connected one.
    expect(secondNodeFor(KUSAMA, 'WSS://robonomics.0xsamsara.com')).toBe(
      'wss://kusama.rpc.robonomics.network/',
    );
    // A custom node claiming Polkadot meets Polkadot's public node.
    expect(secondNodeFor(POLKADOT, 'ws://127.0.0.1:9000')).toBe(
      'wss://polkadot.rpc.robonomics.network/',
    );
  });

  it('is none on Polkadot’s own public node and on a chain the app does not know', () => {
    expect(secondNodeFor(POLKADOT, 'wss://polkadot.rpc.robonomics.network/')).toBeNull();
    expect(secondNodeFor(`0x${'ab'.repeat(32)}`, 'ws://127.0.0.1:9944')).toBeNull();
  });
});
