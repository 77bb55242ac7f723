import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectedAccount, InjectedExtension } from './injected.ts';
import { DEV_WALLET, useWallet } from './wallet-store.ts';

// Alice's and Bob's sr25519 keys: as Polkadot (prefix 0) and as Robonomics (prefix 32) show them.
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';
const BOB = '4FRC4ae57MnRJViqfbrEHrwDWQm4E3bGzR1szC3h6kQDKwi1';
const ETHEREUM = '0x6a2Aad07396B36Fe02a22b33cf443582f682c82f';

/** A Polkadot browser wallet as it injects itself, whose accounts the test can change. */
function injectWallet(initial: InjectedAccount[], { refuse = false } = {}) {
  let listener: ((accounts: InjectedAccount[]) => void) | null = null;
  const signer = { signPayload: async () => ({ id: 1, signature: '0x00' as const }) };
  const extension: InjectedExtension = {
    accounts: {
      get: async () => initial,
      subscribe: (cb: (accounts: InjectedAccount[]) => void) => {
        listener = cb;
        return () => {
          listener = null;
        };
      },
    },
    signer,
  } as unknown as InjectedExtension;
  window.injectedWeb3 = {
    'polkadot-js': {
      version: '0.0.0-test',
      enable: async () => {
        if (refuse) throw new Error('Rejected by the user');
        return extension;
      },
    },
  };
  return { signer, change: (accounts: InjectedAccount[]) => listener?.(accounts) };
}

const remembered = () => JSON.parse(localStorage.getItem('robonomics-dapp.wallet.v1') ?? 'null');

beforeEach(() => useWallet.getState().disconnect());
afterEach(() => {
  useWallet.getState().disconnect();
  window.injectedWeb3 = undefined;
});

describe('the wallet store', () => {
  it("shows an extension's Substrate accounts once each in Robonomics' format, and remembers the choice", async () => {
    const { signer } = injectWallet([
      { address: ALICE_POLKADOT, name: 'Alice' },
      { address: ALICE, name: 'Alice again' },
      { address: ETHEREUM, name: 'An Ethereum account' },
      { address: BOB, name: '' },
    ]);
    await useWallet.getState().connect('polkadot-js');
    const state = useWallet.getState();
    expect(state.status).toBe('connected');
    expect(state.accounts).toEqual([
      { address: ALICE, name: 'Alice', type: 'sr25519' },
      { address: BOB, name: 'Unnamed account', type: 'sr25519' },
    ]);
    expect(state.address).toBe(ALICE);
    expect(state.origin()).toEqual({ from: ALICE, signer });
    expect(remembered()).toEqual({ wallet: 'polkadot-js', address: ALICE });

    useWallet.getState().select(BOB);
    expect(useWallet.getState().address).toBe(BOB);
    expect(remembered()).toEqual({ wallet: 'polkadot-js', address: BOB });
    // An address the wallet does not hold is not selected.
    useWallet.getState().select(ETHEREUM);
    expect(useWallet.getState().address).toBe(BOB);
  });

  it('follows the extension when the chosen account goes away', async () => {
    const wallet = injectWallet([
      { address: ALICE, name: 'Alice' },
      { address: BOB, name: 'Bob' },
    ]);
    await useWallet.getState().connect('polkadot-js');
    useWallet.getState().select(BOB);
    wallet.change([{ address: ALICE, name: 'Alice' }]);
    expect(useWallet.getState().accounts.map((a) => a.address)).toEqual([ALICE]);
    expect(useWallet.getState().address).toBe(ALICE);
    expect(remembered()).toEqual({ wallet: 'polkadot-js', address: ALICE });
  });

  it('says in words why a wallet gave no access, and signs nothing', async () => {
    injectWallet([{ address: ALICE, name: 'Alice' }], { refuse: true });
    await useWallet.getState().connect('polkadot-js');
    const state = useWallet.getState();
    expect(state.status).toBe('error');
    expect(state.error).toBe('Polkadot{.js} did not give access: Rejected by the user');
    expect(state.origin()).toBeNull();
  });

  it('reconnects the remembered wallet and account on the next visit', async () => {
    injectWallet([
      { address: ALICE, name: 'Alice' },
      { address: BOB, name: 'Bob' },
    ]);
    localStorage.setItem(
      'robonomics-dapp.wallet.v1',
      JSON.stringify({ wallet: 'polkadot-js', address: BOB }),
    );
    await useWallet.getState().restore();
    expect(useWallet.getState().status).toBe('connected');
    expect(useWallet.getState().address).toBe(BOB);
  });

  it('offers the development accounts with their own keys, and forgets everything on disconnect', async () => {
    await useWallet.getState().connect(DEV_WALLET);
    const state = useWallet.getState();
    expect(state.accounts.map((a) => a.name)).toEqual([
      'Alice (development)',
      'Bob (development)',
      'Charlie (development)',
      'Dave (development)',
      'Eve (development)',
      'Ferdie (development)',
    ]);
    expect(state.address).toBe(ALICE);
    const origin = state.origin();
    expect(origin?.signer).toBeUndefined();
    expect((origin!.from as { address: string }).address).toBe(ALICE);

    useWallet.getState().disconnect();
    expect(useWallet.getState()).toMatchObject({ wallet: null, accounts: [], address: null });
    expect(useWallet.getState().origin()).toBeNull();
    expect(remembered()).toBeNull();
  });
});
