import { describe, expect, it } from 'vitest';
import { ALICE } from '../test-support/dev-addresses.ts';
import {
  addDevice,
  deviceListChange,
  MAX_DEVICES,
  purchaseDevices,
  removeDevice,
  roleOf,
  sameDeviceList,
  withConfirmedDevices,
} from './subscription-devices.ts';

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
    expect(addDevice(full, user, rights)).toEqual({
      ok: false,
      error:
        "This network's runtime allows at most 32 accounts in a subscription's device list (RWS.MaxDevicesAmount): the list is full. Remove one first.",
    });
    // The runtime's own bound, or none for a runtime without one (before runtime 43).
    expect(addDevice(full.slice(0, 4), user, rights, { maxDevices: 4 }).ok).toBe(false);
    expect(addDevice(full, user, rights, { maxDevices: null }).ok).toBe(true);
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

describe('device list writes', () => {
  const [a, b, c] = [owner, user, ALICE];

  it('name every address touched, in full, with what happens to it', () => {
    expect(deviceListChange([a, b], [a, c])).toEqual([
      { address: a, change: 'kept' },
      { address: c, change: 'added' },
      { address: b, change: 'removed' },
    ]);
    // Another SS58 form of the same key is the same account.
    expect(deviceListChange([ownerAs42], [a])).toEqual([{ address: a, change: 'kept' }]);
    expect(deviceListChange([], [])).toEqual([]);
  });

  it('tell a list the chain holds now from the one the page showed', () => {
    expect(sameDeviceList([a, b], [a, b])).toBe(true);
    expect(sameDeviceList([ownerAs42], [a])).toBe(true);
    expect(sameDeviceList([a, b], [a, b, c])).toBe(false);
    expect(sameDeviceList([a, b], [b, a])).toBe(false);
    expect(sameDeviceList([], [c])).toBe(false);
  });

  it('make a purchase write exactly the buyer and the devices the user kept', () => {
    // A first purchase: the buyer alone, whatever the node claims is there.
    expect(purchaseDevices([], a, [])).toEqual([a]);
    expect(purchaseDevices([c], a, [])).toEqual([a]);
    expect(purchaseDevices([b, c], a, [c])).toEqual([c, a]);
    // A kept address the chain's answer left out (one of the list the owner last confirmed) is
    // written too: a node cannot make a renewal drop a device.
    expect(purchaseDevices([b], a, [c])).toEqual([c, a]);
    expect(purchaseDevices([b], a, [c, c, a])).toEqual([c, a]);
    // The buyer is a device already: nothing is written.
    expect(purchaseDevices([b, a], a, [])).toBeNull();
  });

  it('put back what the chain left out of the list the owner confirmed, unless removed', () => {
    // The node leaves b out; the owner adds c: b stays.
    expect(withConfirmedDevices([a], [a, c], [a, b])).toEqual({
      devices: [a, c, b],
      restored: [b],
    });
    // The owner removes b, which the node shows: it goes.
    expect(withConfirmedDevices([a, b], [a], [a, b])).toEqual({ devices: [a], restored: [] });
  });
});
