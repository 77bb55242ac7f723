import { VECTOR_USER_ADDRESS } from '@robonomics-dapp/robonomics/test-support/crypto-vectors';
import { ALICE, BOB_ED25519 } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import { readSavedSetups } from './saved-setups.ts';

/** Three distinct accounts: setups are told apart by the account's key. */
const A = ALICE;
const B = BOB_ED25519;
const C = VECTOR_USER_ADDRESS;

describe('readSavedSetups', () => {
  it('reads a valid list and drops malformed entries', () => {
    const raw = JSON.stringify({
      version: 1,
      setups: [{ owner: '4A', name: 'Home', network: 'polkadot' }, { owner: 5 }, null],
      active: { polkadot: '4A' },
    });
    const read = readSavedSetups(raw);
    expect(read.setups).toEqual([{ owner: '4A', name: 'Home', network: 'polkadot' }]);
    expect(read.active).toEqual({ polkadot: '4A' });
  });

  it('treats corrupt or foreign data as an empty list', () => {
    expect(readSavedSetups('{not json').setups).toEqual([]);
    expect(readSavedSetups(JSON.stringify({ version: 9, setups: [] })).setups).toEqual([]);
    expect(readSavedSetups(null).setups).toEqual([]);
  });
});

describe('addSetup', () => {
  it('adds a setup, makes it active and keeps an existing name on re-add', async () => {
    const { useSavedSetups } = await import('./saved-setups.ts');
    useSavedSetups.getState().reload();
    useSavedSetups.getState().addSetup({ owner: A, name: 'Home', network: 'local' });
    useSavedSetups.getState().addSetup({ owner: A, name: 'Other', network: 'local' });
    useSavedSetups.getState().addSetup({ owner: B, name: 'Office', network: 'polkadot' });
    const state = useSavedSetups.getState();
    expect(state.setups).toEqual([
      { owner: A, name: 'Home', network: 'local' },
      { owner: B, name: 'Office', network: 'polkadot' },
    ]);
    expect(state.active).toEqual({ local: A, polkadot: B });
    expect(readSavedSetups().setups).toHaveLength(2);
  });

  it('makes "Adjective Noun" names', async () => {
    const { randomSetupName } = await import('./saved-setups.ts');
    expect(randomSetupName(() => 0)).toBe('Sunny Home');
    expect(randomSetupName(() => 0.99)).toBe('Swift Haven');
  });
});

describe('update, remove and active setup', () => {
  it('keeps the active setup valid when one is removed', async () => {
    const { useSavedSetups, activeSetupOf } = await import('./saved-setups.ts');
    const store = useSavedSetups.getState();
    store.reload();
    store.addSetup({ owner: A, name: 'Home', network: 'local' });
    store.addSetup({ owner: B, name: 'Office', network: 'local' });
    expect(activeSetupOf(useSavedSetups.getState(), 'local')?.owner).toBe(B);
    expect(store.updateSetup(B, 'local', { name: 'Work' })).toBe(true);
    expect(store.updateSetup(C, 'local', { name: 'x' })).toBe(false);
    store.removeSetup(B, 'local');
    expect(useSavedSetups.getState().active.local).toBe(A);
    store.removeSetup(A, 'local');
    expect(useSavedSetups.getState().active.local).toBeUndefined();
    expect(activeSetupOf(useSavedSetups.getState(), 'local')).toBeNull();
  });
});

describe('controller keys kept in this browser', () => {
  const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
  const OWNER = ALICE;

  it('are forgotten one setup at a time or all at once; the addresses stay', async () => {
    const { useSavedSetups, withoutControllerKey } = await import('./saved-setups.ts');
    useSavedSetups.getState().reload();
    const keyed = (owner: string) => ({
      owner,
      name: owner,
      network: 'local',
      controller: { address: CONTROLLER, keystore: '{"sealed":true}' },
    });
    expect(withoutControllerKey(keyed(A)).controller).toEqual({ address: CONTROLLER });
    useSavedSetups.getState().addSetup(keyed(A));
    useSavedSetups.getState().addSetup(keyed(B));
    useSavedSetups.getState().forgetControllerKeys({ owner: A, network: 'local' });
    const kept = () =>
      useSavedSetups.getState().setups.map((s) => [s.owner, s.controller?.keystore ?? null]);
    expect(kept()).toEqual([
      [A, null],
      [B, '{"sealed":true}'],
    ]);
    useSavedSetups.getState().forgetControllerKeys();
    expect(kept()).toEqual([
      [A, null],
      [B, null],
    ]);
    // What other tabs read: nothing of a key is left in storage.
    expect(localStorage.getItem('robonomics-dapp.setups.v1')).not.toContain('keystore');
    expect(useSavedSetups.getState().setups[0]?.controller?.address).toBe(CONTROLLER);
  });

  it('name the accounts of a device list by what the user called them', async () => {
    const { deviceNameOf } = await import('./device-names.ts');
    const nameOf = deviceNameOf({
      owner: OWNER,
      controller: { address: CONTROLLER },
      users: [{ address: BOB_ED25519, label: 'Bob phone' }],
    });
    expect(nameOf(BOB_ED25519)).toBe('Bob phone');
    expect(nameOf(CONTROLLER)).toBe('the controller of this setup');
    expect(nameOf(OWNER)).toBe('the owner of the subscription');
    expect(nameOf('4HQ8vFEDNkVvwoq6C5qFi1hdU8bbLXTh3HGJ5jBC6YBsfRQY')).toBeNull();
    expect(deviceNameOf(undefined)(OWNER)).toBeNull();
  });
});
