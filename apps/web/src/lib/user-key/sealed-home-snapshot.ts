/**
 * The home as the devices page last showed it, sealed for this device with the AES-GCM key that
 * seals the user's kept phrase (sealed-key.ts, docs/security.md "Where keys are kept"). A
 * returning user's page shows it before the phrase and the controller's envelopes are opened
 * again: one local read and one decryption by the platform instead of the phrase's and the data
 * key's stretching, two boxes and their JSON (docs/devices-page.md).
 *
 * It exists only where the user chose to keep their key on this device, opens only with that
 * key, and goes with it: signing out, or forgetting the key, deletes it. The record's id is the
 * decryption's additional data, so a home snapshot cannot be moved to another user or home.
 */
export interface SealedHomeSnapshot {
  /** homeSnapshotId(user, endpoint, controller). */
  id: string;
  user: string;
  /** When the sealed states were current (ms since the epoch). */
  time: number;
  iv: Uint8Array;
  sealed: ArrayBuffer;
  /**
   * The page's markup as it showed this home, sealed the same way (its additional data the id and
   * "markup"): painted by the page's first script before the app's code has run
   * (lib/shell/home-preview.ts).
   */
  markup?: { iv: Uint8Array; sealed: ArrayBuffer };
}

/** The id of a user's view of one home on one network endpoint. */
export function homeSnapshotId(user: string, endpoint: string, controller: string): string {
  return `${user} ${endpoint} ${controller}`;
}

const encoder = new TextEncoder();

/** The additional data of a view's markup: the markup cannot pass for its states, nor move. */
const markupData = (id: string) => `${id}\nmarkup`;

async function seal(key: CryptoKey, additionalData: string, text: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: iv as BufferSource, additionalData: encoder.encode(additionalData) },
    key,
    encoder.encode(text),
  );
  return { iv, sealed };
}

async function open(
  key: CryptoKey,
  additionalData: string,
  box: { iv: Uint8Array; sealed: ArrayBuffer },
): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: box.iv as BufferSource, additionalData: encoder.encode(additionalData) },
    key,
    box.sealed,
  );
  return new TextDecoder().decode(plain);
}

/**
 * Seals `text` (the states as JSON), and the page's `markup` when given, under `key`, bound to the
 * view's id.
 */
export async function sealHomeSnapshot(
  key: CryptoKey,
  view: { user: string; endpoint: string; controller: string; time: number },
  text: string,
  markup?: string,
): Promise<SealedHomeSnapshot> {
  const id = homeSnapshotId(view.user, view.endpoint, view.controller);
  const states = await seal(key, id, text);
  const sealedMarkup = markup === undefined ? undefined : await seal(key, markupData(id), markup);
  return {
    id,
    user: view.user,
    time: view.time,
    ...states,
    ...(sealedMarkup ? { markup: sealedMarkup } : {}),
  };
}

/** The text sealed in `view`; rejects when `key` is not the one it was sealed with, or it was changed. */
export function openHomeSnapshot(key: CryptoKey, view: SealedHomeSnapshot): Promise<string> {
  return open(key, view.id, view);
}

/** The markup sealed in `view`, null when none was; rejects as openHomeSnapshot does. */
export async function openHomeMarkup(
  key: CryptoKey,
  view: SealedHomeSnapshot,
): Promise<string | null> {
  return view.markup ? open(key, markupData(view.id), view.markup) : null;
}
