import { encodeAddress } from '@dedot/utils';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { generateMnemonic, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { useSavedSetups } from '../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../lib/stores/saved-setups-format.ts';
import { useUserKey } from '../../lib/user-key/user-key-store.ts';
import { useGuideSecrets } from './guide-secrets.ts';

/**
 * A user key made for this browser: an ed25519 key from a new secret phrase, added to the
 * setup's users as "This browser" and signed in at once (kept on this device only when asked and
 * allowed: the caller passes `keep` only where this visit found keys may be kept). Its phrase is shown for this visit only. Returns an error text or null.
 */
export async function createBrowserUser(setup: SavedSetup, keep: boolean): Promise<string | null> {
  const phrase = generateMnemonic();
  const user = encodeAddress(pairFromUri(phrase, 'ed25519').publicKey, 32);
  const current =
    useSavedSetups
      .getState()
      .setups.find((s) => addressEq(s.owner, setup.owner) && s.network === setup.network)?.users ??
    [];
  useSavedSetups.getState().updateSetup(setup.owner, setup.network, {
    users: [
      ...current.filter((u) => !addressEq(u.address, user)),
      { address: user, label: 'This browser' },
    ],
  });
  useGuideSecrets.getState().set({ userPhrase: { address: user, phrase } });
  return useUserKey.getState().signIn(user, phrase, keep);
}
