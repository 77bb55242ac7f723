import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { useChain } from '../stores/chain-store.ts';
import { useWallet } from '../wallet/wallet-store.ts';
import {
  ChainNotReadyError,
  NoSignerError,
  notReadyReason,
  originOf,
  readyClient,
  sendAction,
} from './send-action.ts';

const ENDPOINT = 'ws://127.0.0.1:9944';

beforeEach(() => {
  useChain.setState({ client: null, state: 'connecting', error: null, endpoint: ENDPOINT });
  useWallet.setState({ address: null, signer: null, pairs: new Map() });
});

describe('the action pipeline before anything is signed', () => {
  it('says the chain is not ready, and why, in the same words everywhere', async () => {
    expect(notReadyReason()).toBe(`The parachain node ${ENDPOINT} is not connected yet.`);
    expect(() => readyClient()).toThrow(ChainNotReadyError);
    useChain.setState({ state: 'error', error: 'refused' });
    let caught: unknown;
    try {
      readyClient();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ChainNotReadyError);
    expect((caught as ChainNotReadyError).message).toBe(
      `Parachain is not ready. The parachain node ${ENDPOINT} cannot be reached (refused).`,
    );
    // An action refuses before it builds its call: nothing is built, nothing is signed.
    let built = false;
    await expect(
      sendAction({
        call: () => {
          built = true;
          throw new Error('not reached');
        },
        purpose: 'record',
        what: 'record',
      }),
    ).rejects.toBeInstanceOf(ChainNotReadyError);
    expect(built).toBe(false);
  });

  it('signs with a key the app holds, or with the wallet account, or says a signer is required', () => {
    const pair = toKeyringPair(pairFromUri('//Bob', 'ed25519'));
    expect(originOf(pair)).toEqual({ from: pair });
    expect(() => originOf('wallet')).toThrow(NoSignerError);
    expect(() => originOf('wallet')).toThrow('Signer required: connect an account first.');
    const alice = toKeyringPair(pairFromUri('//Alice', 'sr25519'));
    useWallet.setState({ address: alice.address, pairs: new Map([[alice.address, alice]]) });
    expect(originOf('wallet')).toEqual({ from: alice });
  });
});
