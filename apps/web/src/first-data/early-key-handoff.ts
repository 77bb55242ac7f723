import type { SealedUserKey } from '../lib/user-key/sealed-key.ts';

/**
 * How the page's first script (head-script.ts) hands over the read of the remembered user's
 * sealed key, started while the app's modules download: a global both read, set at most once
 * per page. It holds the sealed record as stored, never the opened phrase.
 */
declare global {
  var __robonomicsEarlyKey:
    | { user: string; record: Promise<SealedUserKey | undefined> }
    | undefined;
}

export function leaveEarlyKey(user: string, record: Promise<SealedUserKey | undefined>): void {
  // A failed read is read again by whoever takes it.
  record.catch(() => {});
  globalThis.__robonomicsEarlyKey = { user, record };
}

/** The read of `user`'s sealed key the page's first script started, once; else undefined. */
export function takeEarlyKey(user: string): Promise<SealedUserKey | undefined> | undefined {
  const early = globalThis.__robonomicsEarlyKey;
  if (!early || early.user !== user) return undefined;
  globalThis.__robonomicsEarlyKey = undefined;
  return early.record;
}
