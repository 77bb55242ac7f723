import { describe, expect, it } from 'vitest';
import { addDevice, MAX_DEVICES, removeDevice, roleOf } from './devices.ts';

const owner = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
const ownerAs42 = '5DFJF7tY4bpbpcKPJcBTQaKuCDEPCpiz8TRjpmLeTtweqmXL';
const user = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const rights = { activeOwner: owner, signer: owner };

describe('addDevice', () => {
  it('adds a new address in format 32', () => {
    expect(addDevice([owner], user, rights)).toEqual({
      ok: true,
      devices: [owner, user],
      changed: true,
    });
  });

  it('refuses a non-owner, a duplicate, a bad address and the 33rd device', () => {
    expect(addDevice([], user, { activeOwner: owner, signer: user })).toEqual({
      ok: false,
      error: 'You do not have access to this action.',
    });
    expect(addDevice([user], user, rights)).toEqual({
      ok: false,
      error: 'The address is already in the subscription.',
    });
    expect(addDevice([], 'nope', rights)).toEqual({
      ok: false,
      error: 'Please, enter a valid account address.',
    });
    const full = Array.from({ length: MAX_DEVICES }, () => owner);
    expect(addDevice(full, user, rights).ok).toBe(false);
    expect(addDevice([], user, { activeOwner: null, signer: null })).toEqual({
      ok: false,
      error: 'Signer required',
    });
  });

  it('compares by key, not by text, and skips the duplicate check for a controller edit', () => {
    expect(addDevice([owner], ownerAs42, rights).ok).toBe(false);
    expect(addDevice([user], user, rights, { controllerEdit: true })).toEqual({
      ok: true,
      devices: [user],
      changed: false,
    });
  });
});

describe('removeDevice', () => {
  it('removes, and counts an absent address as success', () => {
    expect(removeDevice([owner, user], user, rights)).toEqual({
      ok: true,
      devices: [owner],
      changed: true,
    });
    expect(removeDevice([owner], user, rights)).toEqual({
      ok: true,
      devices: [owner],
      changed: false,
    });
    expect(removeDevice([owner], owner, { activeOwner: owner, signer: user }).ok).toBe(false);
  });
});

describe('roleOf', () => {
  it('tells owner, user and outsider apart', () => {
    expect(roleOf(owner, [user], ownerAs42)).toBe('owner');
    expect(roleOf(owner, [user], user)).toBe('user');
    expect(roleOf(owner, [], user)).toBe('none');
    expect(roleOf(owner, [], null)).toBe('none');
  });
});
