import { safeStorage } from '../storage/safe-storage.ts';

/** Where the user last selected is remembered (an address: public, see docs/security.md). */
export const REMEMBERED_USER_KEY = 'robonomics-dapp.rws-user.v1';

/** The user last selected on this device, if any. */
export function readRememberedUser(): string | null {
  return safeStorage.get(REMEMBERED_USER_KEY);
}
