import { takeEarlyViews } from '../../first-data/early-key-handoff.ts';
import { type SealedHomeView, sealHomeView } from './sealed-home-view.ts';
import { loadSealedKey, runInKeyDb, VIEWS_STORE, viewsOfUser } from './sealed-key-db.ts';

/** Every view sealed for `user` on this device (their ids start with the user). */
export function loadHomeViews(user: string): Promise<SealedHomeView[]> {
  return runInKeyDb<SealedHomeView[]>(VIEWS_STORE, 'readonly', (store) =>
    store.getAll(viewsOfUser(user)),
  );
}

/**
 * The views sealed for `user` and the key that opens them: what the page's first script read,
 * else read now. Null when the user's key is not kept on this device.
 */
export async function readHomeViews(
  user: string,
): Promise<{ key: CryptoKey; views: SealedHomeView[] } | null> {
  const early = await takeEarlyViews(user)?.catch(() => undefined);
  const [record, views] = early
    ? [early.record, early.views]
    : await Promise.all([loadSealedKey(user), loadHomeViews(user)]);
  return record ? { key: record.key, views } : null;
}

/** Counts the deletions: a view sealed while one ran is not stored after it. */
let deletions = 0;

/** Seals `text` for the user's view of one home and stores it in place of the last one. */
export async function keepHomeView(
  key: CryptoKey,
  view: { user: string; endpoint: string; controller: string; time: number },
  text: string,
): Promise<void> {
  const before = deletions;
  const sealed = await sealHomeView(key, view, text);
  if (deletions !== before) return;
  await runInKeyDb(VIEWS_STORE, 'readwrite', (store) => store.put(sealed));
}

/** Deletes every sealed view, or only `user`'s. */
export async function deleteHomeViews(user?: string): Promise<void> {
  deletions++;
  await runInKeyDb(VIEWS_STORE, 'readwrite', (store) =>
    store.delete(user === undefined ? IDBKeyRange.lowerBound('') : viewsOfUser(user)),
  );
}
