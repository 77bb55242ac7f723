import { addressEq, isValidAddress } from '@robonomics-dapp/robonomics/chain/address';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { create } from 'zustand';
import { clearHomeConfigCache } from '../home-config-cache.ts';
import { keyKeeping } from '../key-keeping.ts';
import { safeStorage } from '../safe-storage.ts';
import { useSavedSetups } from '../saved-setups.ts';
import { openUserKey, sealUserKey } from './sealed-key.ts';
import { deleteSealedKey, loadSealedKey, saveSealedKey } from './sealed-key-db.ts';

const USER_KEY = 'robonomics-dapp.rws-user.v1';

interface UserKeyState {
  /** The selected user (a device account of the subscription), remembered across visits. */
  user: string | null;
  /** The user's ed25519 key, in memory only. */
  pair: KeyPair | null;
  selectUser(user: string | null): void;
  /** Signs in with the secret phrase of `user`; returns an error text or null. */
  signIn(user: string, mnemonic: string, keep: boolean): Promise<string | null>;
  /** Uses a key kept on this device for `user`, if there is one. */
  restore(user: string): Promise<boolean>;
  /**
   * Drops the key from memory and the home data kept for it (the cached config envelopes);
   * `forget` also deletes the key sealed on this device and every controller keystore kept in
   * this browser.
   */
  signOut(forget?: boolean): Promise<void>;
}

async function pairOf(mnemonic: string): Promise<{ pair: KeyPair; address: string } | null> {
  const [{ isValidMnemonic, pairFromUri }, { encodeAddress }] = await Promise.all([
    import('@robonomics-dapp/robonomics/crypto/keys'),
    import('@dedot/utils'),
  ]);
  const phrase = mnemonic.trim();
  // A dev URI (//Alice) or a derivation path is allowed as well as a plain phrase.
  if (!phrase.startsWith('//') && !isValidMnemonic(phrase.split('//')[0]!)) return null;
  try {
    const pair = pairFromUri(phrase, 'ed25519');
    return { pair, address: encodeAddress(pair.publicKey, 32) };
  } catch {
    return null;
  }
}

export const useUserKey = create<UserKeyState>((set, get) => ({
  user: safeStorage.get(USER_KEY),
  pair: null,
  selectUser(user) {
    if (user === get().user) return;
    if (user) safeStorage.set(USER_KEY, user);
    else safeStorage.remove(USER_KEY);
    set({ user, pair: null });
  },
  async signIn(user, mnemonic, keep) {
    if (!user || !mnemonic.trim()) return 'Please, enter user address & pass phrase';
    if (!isValidAddress(user)) return 'Please, enter a valid account address.';
    const derived = await pairOf(mnemonic);
    if (!derived || !addressEq(derived.address, user))
      return 'The entered pass phrase does not match the user address';
    safeStorage.set(USER_KEY, user);
    set({ user, pair: derived.pair });
    try {
      // Never where the page's origin is shared with other content (key-keeping.ts).
      if (keep && keyKeeping.allowed) await saveSealedKey(await sealUserKey(user, mnemonic.trim()));
      else await deleteSealedKey(user);
    } catch (error) {
      return `Signed in, but the key could not be kept on this device: ${(error as Error).message}`;
    }
    return null;
  },
  async restore(user) {
    try {
      const record = await loadSealedKey(user);
      if (!record) return false;
      const derived = await pairOf(await openUserKey(record));
      if (!derived || !addressEq(derived.address, user)) return false;
      if (get().user === user) set({ pair: derived.pair });
      return true;
    } catch {
      return false;
    }
  },
  async signOut(forget = false) {
    const { user } = get();
    set({ pair: null });
    clearHomeConfigCache();
    if (!forget) return;
    useSavedSetups.getState().forgetControllerKeys();
    if (user) await deleteSealedKey(user).catch(() => {});
  },
}));
