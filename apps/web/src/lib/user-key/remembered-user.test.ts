import {
  ALICE as A,
  BOB_ED25519 as B,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  markSignedIn,
  markSignedOut,
  REMEMBERED_USER_KEY,
  SIGNED_OUT_USERS_KEY,
  signedOutHere,
  userToOpenByItself,
  watchSignedOutUsers,
} from './remembered-user.ts';

afterEach(() => localStorage.clear());

describe('users signed out on this device', () => {
  it('keeps each user’s mark: another user’s sign-in does not reopen a kept key', () => {
    markSignedOut(A);
    markSignedIn(B);
    localStorage.setItem(REMEMBERED_USER_KEY, A);
    expect(signedOutHere(A)).toBe(true);
    expect(userToOpenByItself()).toBeNull();
    markSignedOut(B);
    markSignedIn(A);
    expect(signedOutHere(A)).toBe(false);
    expect(signedOutHere(B)).toBe(true);
    expect(userToOpenByItself()).toBe(A);
  });

  it('reads the first version’s single mark and folds it into the list', () => {
    localStorage.setItem('robonomics-dapp.rws-user-signed-out.v1', A);
    expect(signedOutHere(A)).toBe(true);
    markSignedOut(B);
    expect(localStorage.getItem('robonomics-dapp.rws-user-signed-out.v1')).toBeNull();
    expect(JSON.parse(localStorage.getItem(SIGNED_OUT_USERS_KEY)!)).toEqual([A, B]);
  });

  it('takes a damaged list as no marks', () => {
    localStorage.setItem(SIGNED_OUT_USERS_KEY, '{not a list');
    expect(signedOutHere(A)).toBe(false);
    markSignedOut(A);
    expect(signedOutHere(A)).toBe(true);
  });

  it('hears another tab’s change of the marks, and nothing else', () => {
    const heard = vi.fn();
    const stop = watchSignedOutUsers(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(heard).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_OUT_USERS_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_OUT_USERS_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
