import type { SealedHomeSnapshot } from '../lib/user-key/sealed-home-snapshot.ts';
import type { SealedUserKey } from '../lib/user-key/sealed-key.ts';

/** The remembered user's kept key and the home snapshots sealed with it, as stored. */
export interface EarlyKeyRead {
  record: SealedUserKey | undefined;
  snapshots: SealedHomeSnapshot[];
}

/**
 * How the page's first script (head-script.ts) hands over the read of the remembered user's
 * sealed key and home snapshots, started while the app's modules download: a global both read, set
 * at most once per page. It holds the records as stored, never the opened phrase. The key and
 * the snapshots are each taken once.
 */
declare global {
  var __robonomicsEarlyKey:
    | { user: string; read: Promise<EarlyKeyRead>; keyTaken: boolean; snapshotsTaken: boolean }
    | undefined;
}

export function leaveEarlyKey(user: string, read: Promise<EarlyKeyRead>): void {
  // A failed read is read again by whoever takes it.
  read.catch(() => {});
  globalThis.__robonomicsEarlyKey = { user, read, keyTaken: false, snapshotsTaken: false };
}

/** Takes one part of the early read for `user`, once; drops the read when both are taken. */
function take(
  user: string,
  part: 'keyTaken' | 'snapshotsTaken',
): Promise<EarlyKeyRead> | undefined {
  const early = globalThis.__robonomicsEarlyKey;
  if (!early || early.user !== user || early[part]) return undefined;
  early[part] = true;
  if (early.keyTaken && early.snapshotsTaken) globalThis.__robonomicsEarlyKey = undefined;
  return early.read;
}

/** The read of `user`'s sealed key the page's first script started, once; else undefined. */
export function takeEarlyKey(user: string): Promise<SealedUserKey | undefined> | undefined {
  return take(user, 'keyTaken')?.then((read) => read.record);
}

/** The read of `user`'s key and sealed home snapshots the page's first script started, once. */
export function takeEarlySnapshots(user: string): Promise<EarlyKeyRead> | undefined {
  return take(user, 'snapshotsTaken');
}
