/**
 * The first read of a home, which needs no key: the controller's last datalog record and the
 * states file it names. Kept apart from the decryption (load-home.ts) so it can start before the
 * page's heavier code has loaded (early-home.ts).
 */

/** Where the loader reads from: the chain and an IPFS gateway. */
export interface HomeSources {
  /** The newest datalog record of an account: its time and text (the states CID). */
  lastRecord(account: string): Promise<{ time: number; text: string } | null>;
  /** A twin's topics and their sources. */
  twinTopics(id: number): Promise<{ topic: string; source: string }[]>;
  /** A file's text from IPFS. */
  fetchText(cid: string): Promise<string>;
}

/** What the controller's last record points at, read before any key is needed. */
export interface HomeRecord {
  /** The states file's CID and the record's time. */
  cid: string;
  time: number;
  /** The states file as served: an envelope for the subscription's devices. */
  text: string;
}

/** Said when the controller has no datalog record yet (the home has never published). */
export const NOT_PUBLISHED = 'The controller has not published any telemetry yet.';

/** The controller has no datalog record yet: the page waits for its first publication. */
export class NotPublishedError extends Error {
  override name = 'NotPublishedError';
  constructor() {
    super(NOT_PUBLISHED);
  }
}

/**
 * The controller's last datalog record and the states file it names, still encrypted: nothing
 * here needs the user's key, so it can be read while the key is being opened. Rejects with
 * NotPublishedError when the controller has no record yet.
 */
export async function findHomeRecord(
  sources: Pick<HomeSources, 'lastRecord' | 'fetchText'>,
  controller: string,
): Promise<HomeRecord> {
  const record = await sources.lastRecord(controller);
  if (!record) throw new NotPublishedError();
  const cid = record.text.trim();
  return { cid, time: record.time, text: await sources.fetchText(cid) };
}
