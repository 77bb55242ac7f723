import { takeEarlySnapshots } from '../../first-data/early-key-handoff.ts';
import { keepingRefusal, keyKeepingCheck, keyKeepingChecked } from './key-keeping-check.ts';
import { type SealedHomeSnapshot, sealHomeSnapshot } from './sealed-home-snapshot.ts';
import { HOME_SNAPSHOTS_STORE, loadSealedKeyAndSnapshots, runInKeyDb } from './sealed-key-db.ts';

/**
 * The home snapshots sealed for `user` and the key that opens them: what the page's first script read,
 * else read now. Null when the user's key is not kept on this device.
 */
export async function readHomeSnapshots(
  user: string,
): Promise<{ key: CryptoKey; snapshots: SealedHomeSnapshot[] } | null> {
  // Where keys may not be kept, nothing kept earlier is opened (the user key store deletes it).
  if (!(await keyKeepingChecked())) return null;
  const early = await takeEarlySnapshots(user)?.catch(() => undefined);
  const { record, snapshots } = early ?? (await loadSealedKeyAndSnapshots(user));
  return record ? { key: record.key, snapshots } : null;
}

/** Counts the deletions: a view sealed while one ran is not stored after it. */
let deletions = 0;

/**
 * Seals `text` (and the page's `markup`, when given) for the user's view of one home and stores
 * it in place of the last one: only once this visit found that keys may be kept here (a sealed
 * home is kept with the key that opens it).
 */
export async function keepHomeSnapshot(
  key: CryptoKey,
  view: { user: string; endpoint: string; controller: string; time: number },
  text: string,
  markup?: string,
): Promise<void> {
  const before = deletions;
  if (keepingRefusal(await keyKeepingCheck.answered())) return;
  const sealed = await sealHomeSnapshot(key, view, text, markup);
  if (deletions !== before) return;
  await runInKeyDb(HOME_SNAPSHOTS_STORE, 'readwrite', (store) => store.put(sealed));
}

/**
 * Another tab deleted the home snapshots (a sign-out there): one being sealed here is not stored.
 */
export function homeSnapshotsDeletedElsewhere(): void {
  deletions++;
}

/** Deletes every home snapshot (a user's go with their key: deleteSealedKey). */
export async function deleteHomeSnapshots(): Promise<void> {
  deletions++;
  await runInKeyDb(HOME_SNAPSHOTS_STORE, 'readwrite', (store) => store.clear());
}
