import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { create } from 'zustand';
import { takeEarlyKey } from '../../first-data/early-key-handoff.ts';
import { clearHomeConfigCache } from '../storage/home-config-cache.ts';
import { keyKeeping } from '../storage/key-keeping.ts';
import { deleteSealKey } from '../storage/record-seal.ts';
import { safeStorage } from '../storage/safe-storage.ts';
import { useSavedSetups } from '../stores/saved-setups.ts';
import { deleteHomeSnapshots, homeSnapshotsDeletedElsewhere } from './home-snapshot-db.ts';
import {
  keepingRefusal,
  keyKeepingCheck,
  keyKeepingChecked,
  whenKeyKeepingRefused,
} from './key-keeping-check.ts';
import {
  markSignedIn,
  markSignedOut,
  REMEMBERED_USER_KEY,
  readRememberedUser,
  signedOutHere,
  watchSignedOutUsers,
} from './remembered-user.ts';
import { openUserKey, sealUserKey } from './sealed-key.ts';
import { deleteSealedKey, listSealedUsers, loadSealedKey, saveSealedKey } from './sealed-key-db.ts';

interface UserKeyState {
  /** The selected user (a device account of the subscription), remembered across visits. */
  user: string | null;
  /** The user's ed25519 key, in memory only. */
  pair: KeyPair | null;
  /** The key in memory was opened from the copy kept on this device (not typed in). */
  restored: boolean;
  /**
   * The device key that seals the user's kept phrase, while the user's key is kept on this
   * device: it also seals the home as last shown (sealed-home-snapshot.ts). Null otherwise.
   */
  sealingKey: CryptoKey | null;
  /**
   * The selected user signed out on this device and has not signed in since: a key kept for them
   * opens only when they ask (`restore` with `asked`), not by itself.
   */
  signedOut: boolean;
  /**
   * Users whose keys were kept in this browser where keys may not be kept (a gateway path, an
   * address that also serves IPFS): deleted without being opened, said once on the sign-in form.
   */
  deletedKeys: string[];
  selectUser(user: string | null): void;
  /** Signs in with the secret phrase of `user`; returns an error text or null. */
  signIn(user: string, mnemonic: string, keep: boolean): Promise<string | null>;
  /**
   * Uses a key kept on this device for `user`, if there is one: by itself (the page opening, a
   * tap on a device) unless the user signed out, or because the user asked (`asked`), which ends
   * the signed-out state. Callers asking again while it is being opened share that one opening.
   */
  restore(user: string, options?: { asked?: boolean }): Promise<boolean>;
  /**
   * Signs out, on this device until the user signs in again (a reload does not sign them back
   * in): drops the key from memory and the home data kept for it (the config and states
   * envelopes, the sealed home snapshots). A key kept on this device stays, to be opened when the
   * user asks; `forget` deletes it too, with every controller keystore kept in this browser.
   */
  signOut(forget?: boolean): Promise<void>;
}

/** What deriving a key needs: the key code and the address codec, loaded on first use. */
const keyModules = () =>
  Promise.all([import('@robonomics-dapp/robonomics/crypto/keys'), import('@dedot/utils')]);

async function pairOf(mnemonic: string): Promise<{ pair: KeyPair; address: string } | null> {
  const [{ isValidMnemonic, pairFromUriAsync }, { encodeAddress }] = await keyModules();
  const phrase = mnemonic.trim();
  // A dev URI (//Alice) or a derivation path is allowed as well as a plain phrase.
  if (!phrase.startsWith('//') && !isValidMnemonic(phrase.split('//')[0]!)) return null;
  try {
    const pair = await pairFromUriAsync(phrase, 'ed25519');
    return { pair, address: encodeAddress(pair.publicKey, 32) };
  } catch {
    return null;
  }
}

/** The openings of kept keys under way, by user. */
const restoring = new Map<string, Promise<boolean>>();

async function openKeptKey(user: string): Promise<{ pair: KeyPair; key: CryptoKey } | null> {
  // Where keys may not be kept, a key kept earlier is not opened (it is deleted instead).
  if (!(await keyKeepingChecked())) return null;
  try {
    // The key code loads while the record is read.
    void keyModules().catch(() => {});
    // The page's first script may have started this read already (docs/devices-page.md).
    const record = await ((await takeEarlyKey(user)?.catch(() => undefined)) ??
      loadSealedKey(user));
    if (!record) return null;
    const derived = await pairOf(await openUserKey(record));
    return derived && addressEq(derived.address, user)
      ? { pair: derived.pair, key: record.key }
      : null;
  } catch {
    return null;
  }
}

/**
 * Where keys may not be kept, they are not opened either (docs/security.md, "Where keys are
 * kept"): a key or a sealed home kept here before keeping was refused is deleted unopened.
 * Returns the users whose kept keys went.
 */
async function deleteUnkeepableKeys(): Promise<string[]> {
  if (keyKeeping.allowed || typeof indexedDB === 'undefined') return [];
  try {
    const users = await listSealedUsers();
    for (const user of users) await deleteSealedKey(user);
    await deleteHomeSnapshots();
    return users;
  } catch {
    // No database here, or it cannot be opened: nothing kept could be read either.
    return [];
  }
}

/** Keys turned out not to be keepable here: what was kept goes, unopened, and the page says so. */
function refused() {
  const { sealingKey } = useUserKey.getState();
  // A key open in this tab stays, for this tab only; nothing is sealed with it any more.
  if (sealingKey) useUserKey.setState({ sealingKey: null });
  // Records sealed here (a gift to hand over) are no longer taken as the app's own.
  void deleteSealKey().catch(() => {});
  void deleteUnkeepableKeys().then((users) => {
    useUserKey.setState({ deletedKeys: users });
  });
}

export const useUserKey = create<UserKeyState>((set, get) => ({
  user: readRememberedUser(),
  pair: null,
  restored: false,
  sealingKey: null,
  signedOut: signedOutHere(readRememberedUser()),
  deletedKeys: [],
  selectUser(user) {
    if (user === get().user) return;
    if (user) safeStorage.set(REMEMBERED_USER_KEY, user);
    else safeStorage.remove(REMEMBERED_USER_KEY);
    set({
      user,
      pair: null,
      restored: false,
      sealingKey: null,
      signedOut: signedOutHere(user),
    });
  },
  async signIn(user, mnemonic, keep) {
    if (!user || !mnemonic.trim()) return 'Please, enter user address & pass phrase';
    if (!isValidAddress(user)) return 'Please, enter a valid account address.';
    const derived = await pairOf(mnemonic);
    if (!derived || !addressEq(derived.address, user))
      return 'The entered pass phrase does not match the user address';
    safeStorage.set(REMEMBERED_USER_KEY, user);
    markSignedIn(user);
    set({ user, pair: derived.pair, restored: false, sealingKey: null, signedOut: false });
    try {
      if (keep) {
        // Only once this visit found that this address serves nothing but the app: refused, or
        // no answer, keeps the key in this tab only (key-keeping-check.ts).
        const refusal = keepingRefusal(await keyKeepingCheck.answered());
        if (refusal) return `Signed in, but the key was not kept on this device: ${refusal}`;
        const record = await sealUserKey(user, mnemonic.trim());
        await saveSealedKey(record);
        if (get().user === user) set({ sealingKey: record.key });
      } else await deleteSealedKey(user);
    } catch (error) {
      return `Signed in, but the key could not be kept on this device: ${(error as Error).message}`;
    }
    return null;
  },
  restore(user, { asked = false } = {}) {
    // Already open: nothing to do again.
    if (get().pair && get().user === user) return Promise.resolve(true);
    if (get().signedOut && get().user === user && !asked) return Promise.resolve(false);
    // An asked opening does not join one started by itself (which a sign-out may refuse).
    const slot = asked ? `${user} asked` : user;
    let opening = restoring.get(slot);
    if (!opening) {
      opening = openKeptKey(user).then((derived) => {
        restoring.delete(slot);
        if (!derived) return false;
        // Signed out meanwhile, and not asked for since: the key stays closed.
        if (get().user !== user || (get().signedOut && !asked)) return false;
        if (asked) markSignedIn(user);
        set({ pair: derived.pair, restored: true, sealingKey: derived.key, signedOut: false });
        return true;
      });
      restoring.set(slot, opening);
    }
    return opening;
  },
  async signOut(forget = false) {
    const { user } = get();
    // Marked before the key leaves memory: the page would open a kept key again by itself. The
    // mark reaches every other tab of the app at once (below).
    if (user) markSignedOut(user);
    set({ pair: null, restored: false, sealingKey: null, signedOut: user !== null });
    if (forget && user) await deleteSealedKey(user).catch(() => {});
    clearHomeConfigCache();
    if (forget) useSavedSetups.getState().forgetControllerKeys();
    await deleteHomeSnapshots().catch(() => {});
  },
}));

// Where keys may not be kept, what an earlier visit kept goes at the start, unopened.
if (!keyKeeping.allowed) refused();
whenKeyKeepingRefused(refused);

/**
 * A sign-out in another tab reaches this one at once (docs/security.md, "Signing out"): the key
 * leaves memory, so no command goes out with it and nothing is sealed or kept with it again (a
 * home snapshot being sealed now is not stored after the other tab's deletion).
 */
watchSignedOutUsers(() => {
  const { user, pair, sealingKey, signedOut } = useUserKey.getState();
  const out = signedOutHere(user);
  if (out === signedOut && !(out && (pair || sealingKey))) return;
  if (out) {
    homeSnapshotsDeletedElsewhere();
    clearHomeConfigCache();
    useUserKey.setState({ pair: null, restored: false, sealingKey: null, signedOut: true });
  } else useUserKey.setState({ signedOut: false });
});
