import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import { readKeptStates } from '../../lib/storage/home-config-cache.ts';
import { holdChainClient, useChain } from '../../lib/stores/chain-store.ts';
import { readSavedSetups } from '../../lib/stores/saved-setups.ts';
import { useUserKey } from '../../lib/user-key/user-key-store.ts';
import { firstCardPainted, markHome } from './home-marks.ts';
import { findHomeRecord, type HomeRecord } from './home-record.ts';
import { homeSources } from './home-sources.ts';
import { keptOpenings } from './kept-home.ts';
import { openSealedView } from './sealed-view.ts';

/** The record read before the page's own code ran, until the page takes it. */
let early: { endpoint: string; controller: string; record: Promise<HomeRecord> } | null = null;

/** The longest the chain client waits for the kept home's first card. */
const CLIENT_HOLD_MS = 1500;

/**
 * What the devices page of a returning user needs first, started by the app's entry on that
 * route before the page's own code has loaded (docs/devices-page.md): the key kept on this
 * device is opened, then the home kept on this device; the controller's last record and states
 * file are read meanwhile (they need no key). When the home's states are kept on this device, the chain client's start (long work the
 * first card does not need) waits for that card, at most 1.5 s. Nothing starts when no user is
 * remembered: the page then waits for a sign-in.
 */
export function startEarlyHome(): void {
  const { user, restore } = useUserKey.getState();
  if (!user) return;
  const endpoint = useChain.getState().endpoint;
  const network = networkOfEndpoint(endpoint);
  const { setups, active } = readSavedSetups();
  const controller = setups.find((s) => s.network === network && s.owner === active[network])
    ?.controller?.address;
  // The home sealed on this device for this user opens without the phrase: the first card.
  if (controller) void openSealedView(user, endpoint, controller);
  // Once the key is open, so is the home kept on this device: before the page has rendered.
  void restore(user).then((opened) => {
    const { pair } = useUserKey.getState();
    if (!opened || !pair || !controller) return;
    markHome('key');
    keptOpenings(endpoint, { user: pair, userAddress: user, controller });
  });
  if (!controller) return;
  if (readKeptStates(endpoint, controller)) holdChainClient(firstCardPainted, CLIENT_HOLD_MS);
  const record = findHomeRecord(homeSources, controller);
  // The page reports a failure when it takes the record.
  record.catch(() => {});
  early = { endpoint, controller, record };
}

/** The record startEarlyHome read for this home, once; null when there is none. */
export function takeEarlyRecord(endpoint: string, controller: string): Promise<HomeRecord> | null {
  if (!early || early.endpoint !== endpoint || early.controller !== controller) return null;
  const { record } = early;
  early = null;
  return record;
}
