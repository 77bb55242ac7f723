import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { readSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';
import { findHomeRecord, type HomeRecord } from '../api/home-record.ts';
import { homeSources } from '../api/home-sources.ts';
import { firstCardPainted, markHome } from './home-marks.ts';
import { openHomeSnapshotFor } from './home-snapshot.ts';

/** The record read before the page's own code ran, until the page takes it. */
let early: { endpoint: string; controller: string; record: Promise<HomeRecord> } | null = null;

/**
 * What the devices page of a returning user needs first, started by the app's entry on that
 * route before the page's own code has loaded (docs/devices-page.md): the key kept on this
 * device is opened, then the home kept on this device; the controller's last record and states
 * file are read meanwhile (they need no key). The home sealed on this device for the user opens
 * at once, without the phrase. Nothing starts when no user is remembered: the page then waits
 * for a sign-in. Returns what the chain client's start (long work the first card does not need)
 * should wait for: the first card of the remembered user's home, when its record was read.
 */
export function startEarlyHome(): Promise<unknown> {
  const { user, restore } = useUserKey.getState();
  if (!user) return Promise.resolve();
  const endpoint = useChain.getState().endpoint;
  const network = networkOfEndpoint(endpoint);
  const { setups, active } = readSavedSetups();
  const controller = setups.find((s) => s.network === network && s.owner === active[network])
    ?.controller?.address;
  // The home sealed on this device for this user opens without the phrase: the first card.
  const sealed = controller ? openHomeSnapshotFor(user, endpoint, controller) : null;
  // Once the key is open, so is the home kept on this device: before the page has rendered.
  // (The envelopes' code comes in a chunk of its own, so that this one arrives first.)
  void restore(user).then(async (opened) => {
    const { pair } = useUserKey.getState();
    if (!opened || !pair || !controller) return;
    markHome('key');
    // With a home snapshot to show, the envelopes' opening (long work) waits for its first card.
    if (await sealed) await firstCardPainted;
    const { keptOpenings } = await import('../api/kept-home.ts');
    keptOpenings(endpoint, { user: pair, userAddress: user, controller });
  });
  if (!controller) return Promise.resolve();
  const record = findHomeRecord(homeSources, controller);
  // The page reports a failure when it takes the record.
  record.catch(() => {});
  early = { endpoint, controller, record };
  // Whether the home is kept here or read afresh, its first card needs no chain client: the
  // client's start (the metadata downloaded or decoded, long work) waits for it. A home with no
  // record to read (not published yet) is watched for one through the client: no wait then.
  return record.then(
    () => firstCardPainted,
    () => undefined,
  );
}

/** The record startEarlyHome read for this home, once; null when there is none. */
export function takeEarlyRecord(endpoint: string, controller: string): Promise<HomeRecord> | null {
  if (!early || early.endpoint !== endpoint || !addressEq(early.controller, controller))
    return null;
  const { record } = early;
  early = null;
  return record;
}
