import { safeStorage } from '../storage/safe-storage.ts';

/** Where the user last selected is remembered (an address: public, see docs/security.md). */
export const REMEMBERED_USER_KEY = 'robonomics-dapp.rws-user.v1';
/**
 * The user who signed out on this device and has not signed in since (an address): a key kept
 * for them is not opened by itself, only when they ask (docs/security.md, "Signing out").
 */
export const SIGNED_OUT_USER_KEY = 'robonomics-dapp.rws-user-signed-out.v1';

/** The user last selected on this device, if any. */
export function readRememberedUser(): string | null {
  return safeStorage.get(REMEMBERED_USER_KEY);
}

/** Whether `user` signed out on this device and has not signed in since. */
export function signedOutHere(user: string | null): boolean {
  return user !== null && safeStorage.get(SIGNED_OUT_USER_KEY) === user;
}

/**
 * The remembered user, unless they signed out: the user whose kept key the app may open by
 * itself (null when there is none).
 */
export function userToOpenByItself(): string | null {
  const user = readRememberedUser();
  return signedOutHere(user) ? null : user;
}
