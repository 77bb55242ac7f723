/**
 * The home as this page last showed it, sealed on this device (lib/user-key/sealed-home-snapshot.ts):
 * opened before the user's phrase is, for the first card of a returning user, and kept again as
 * the home changes.
 */
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { keepHomeSnapshot, readHomeSnapshots } from '../../../lib/user-key/home-snapshot-db.ts';
import { homeSnapshotId, openHomeSnapshot } from '../../../lib/user-key/sealed-home-snapshot.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import type { KeptHome } from '../api/kept-home.ts';
import { captureHomeMarkup } from './home-markup.ts';

/** The openings under way or done, by snapshot id: once per page. */
const openings = new Map<string, Promise<KeptHome | null>>();
/** The openings done, by snapshot id: what a render can use at once. */
const opened = new Map<string, KeptHome | null>();

// Signed out, or another user: the snapshots opened for the last key are not shown again.
useUserKey.subscribe((now, before) => {
  if (before.sealingKey && now.sealingKey !== before.sealingKey) {
    openings.clear();
    opened.clear();
    markups.clear();
  }
});

/** The home snapshot if its opening is done (null: there is none); undefined while it is not. */
export function homeSnapshotIfOpen(
  user: string,
  endpoint: string,
  controller: string,
): KeptHome | null | undefined {
  return opened.get(homeSnapshotId(user, endpoint, controller));
}

/**
 * The snapshot of `controller`'s home sealed for `user` on this device, opened in memory; null when
 * there is none, or it does not open (another key, a changed record, states that do not check).
 */
export function openHomeSnapshotFor(
  user: string,
  endpoint: string,
  controller: string,
): Promise<KeptHome | null> {
  const id = homeSnapshotId(user, endpoint, controller);
  let opening = openings.get(id);
  if (!opening) {
    opening = (async () => {
      const read = await readHomeSnapshots(user);
      const snapshot = read?.snapshots.find((v) => v.id === id);
      if (!read || !snapshot) return null;
      const checked = validateHaStates(JSON.parse(await openHomeSnapshot(read.key, snapshot)));
      if (!checked.ok) return null;
      return { states: checked.value, time: snapshot.time, update: null, file: null };
    })()
      .catch(() => null)
      .then((home) => {
        opened.set(id, home);
        return home;
      });
    openings.set(id, opening);
  }
  return opening;
}

/**
 * How long a shown home waits before it is sealed, and so how often at most while it changes:
 * never in the middle of a page's first work.
 */
const KEEP_AFTER_MS = 2_000;

interface Pending {
  key: CryptoKey;
  view: { user: string; endpoint: string; controller: string; time: number };
  states: HaStates;
}
const pending = new Map<string, Pending>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * How often at most the page's markup is taken again for the painted view (a copy of the whole
 * page, cleaned: long work on a large home), besides when the page is hidden.
 */
const MARKUP_EVERY_MS = 30_000;
const markups = new Map<string, { markup: string; at: number }>();

/** The page's markup for the view `id`: taken now when `fresh` or due, else the last one taken. */
function markupFor(id: string, fresh: boolean): string | undefined {
  const last = markups.get(id);
  if (!fresh && last && Date.now() - last.at < MARKUP_EVERY_MS) return last.markup;
  const markup = typeof document === 'undefined' ? undefined : captureHomeMarkup(document);
  if (markup === undefined) return last?.markup;
  markups.set(id, { markup, at: Date.now() });
  return markup;
}

function flush(id: string, hiding = false): void {
  const next = pending.get(id);
  pending.delete(id);
  clearTimeout(timers.get(id));
  timers.delete(id);
  // Signed out (or another key) since: the view goes with the key.
  if (!next || useUserKey.getState().sealingKey !== next.key) return;
  // What cannot be kept (storage full or refused) only costs the next visit its head start.
  // The page as it shows this home, painted first on the next visit.
  const markup = markupFor(id, hiding);
  void keepHomeSnapshot(next.key, next.view, JSON.stringify(next.states), markup).catch(() => {});
}

let flushOnHide = false;

/**
 * Seals the home as shown for the next visit: 2 s after it is shown (the newest then), so at
 * most every 2 s while it changes, and when the page is hidden or left.
 */
export function sealAndKeepHomeSnapshot(
  key: CryptoKey,
  view: Pending['view'],
  states: HaStates,
): void {
  const id = homeSnapshotId(view.user, view.endpoint, view.controller);
  pending.set(id, { key, view, states });
  if (!timers.has(id))
    timers.set(
      id,
      setTimeout(() => flush(id), KEEP_AFTER_MS),
    );
  if (!flushOnHide && typeof document !== 'undefined') {
    flushOnHide = true;
    const all = () => {
      for (const waiting of [...pending.keys()]) flush(waiting, true);
    };
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') all();
    });
    globalThis.addEventListener?.('pagehide', all);
  }
}
