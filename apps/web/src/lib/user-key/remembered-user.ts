import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { safeStorage } from '../storage/safe-storage.ts';

/** Where the user last selected is remembered (an address: public, see docs/security.md). */
export const REMEMBERED_USER_KEY = 'robonomics-dapp.rws-user.v1';
/**
 * The users who signed out on this device and have not signed in since (a JSON list of
 * addresses): a key kept for one of them is not opened by itself, only when they ask
 * (docs/security.md, "Signing out"). Each user's mark is their own: another user's sign-in
 * leaves it.
 */
export const SIGNED_OUT_USERS_KEY = 'robonomics-dapp.rws-users-signed-out.v2';
/** The first version held one address: the last user who signed out. Read, then folded in. */
const SIGNED_OUT_USER_V1_KEY = 'robonomics-dapp.rws-user-signed-out.v1';

/** The user last selected on this device, if any. */
export function readRememberedUser(): string | null {
  return safeStorage.get(REMEMBERED_USER_KEY);
}

/** The signed-out users as stored in `text` (a JSON list; anything else is none). */
function parseSignedOut(text: string | null): string[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Every user marked as signed out on this device. */
export function signedOutUsers(): string[] {
  const users = parseSignedOut(safeStorage.get(SIGNED_OUT_USERS_KEY));
  const first = safeStorage.get(SIGNED_OUT_USER_V1_KEY);
  return first && !includesAddress(users, first) ? [...users, first] : users;
}

function writeSignedOut(users: string[]): void {
  if (users.length > 0) safeStorage.set(SIGNED_OUT_USERS_KEY, JSON.stringify(users));
  else safeStorage.remove(SIGNED_OUT_USERS_KEY);
  safeStorage.remove(SIGNED_OUT_USER_V1_KEY);
}

/** Whether `user` signed out on this device and has not signed in since. */
export function signedOutHere(user: string | null): boolean {
  return user !== null && signedOutUsers().includes(user);
}

/** `user` signed out: their kept key is no longer opened by itself, in any tab. */
export function markSignedOut(user: string): void {
  const users = signedOutUsers();
  writeSignedOut(includesAddress(users, user) ? users : [...users, user]);
}

/** `user` signed in (or asked for their kept key): only their own mark goes. */
export function markSignedIn(user: string): void {
  const users = signedOutUsers();
  if (includesAddress(users, user) || safeStorage.get(SIGNED_OUT_USER_V1_KEY) !== null)
    writeSignedOut(users.filter((u) => u !== user));
}

/**
 * Calls `onChange` when another tab of the app marks a user as signed out or signed in (the
 * browser's `storage` event: it reaches every other tab of this origin at once).
 */
export function watchSignedOutUsers(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGNED_OUT_USERS_KEY || event.key === null) onChange();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => globalThis.removeEventListener?.('storage', onStorage);
}

/**
 * The remembered user, unless they signed out: the user whose kept key the app may open by
 * itself (null when there is none).
 */
export function userToOpenByItself(): string | null {
  const user = readRememberedUser();
  return signedOutHere(user) ? null : user;
}
