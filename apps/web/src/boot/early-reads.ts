/**
 * The page's first script: a classic script of its own in the page's head (early-reads-plugin.ts
 * builds it), run while the app's modules are still downloading. It opens the socket to the node
 * the app will use and sends the dashboard's first reads at once, so that their answers are
 * waiting when the app starts (docs/first-data.md). A `?rpc=` endpoint is never contacted here:
 * the user has not accepted it yet.
 */
import { openEarlySocket } from '@robonomics-dapp/robonomics/chain/early-socket';
import { markFirstData } from '@robonomics-dapp/robonomics/chain/first-data-marks';
import { firstReadRequests } from '@robonomics-dapp/robonomics/chain/first-reads';
import { metadataCacheKey } from '@robonomics-dapp/robonomics/chain/metadata-cache-key';
import { isFramed } from '../app/frame-guard.ts';
import { routePaths } from '../lib/route-names.ts';
import { safeStorage } from '../lib/safe-storage.ts';
import { readRememberedUser } from '../lib/user-key/remembered-user.ts';
import { loadSealedKey } from '../lib/user-key/sealed-key-db.ts';
import { usualChoice } from '../lib/usual-endpoint.ts';
import { leaveEarlyKey } from './early-key-handoff.ts';
import { leaveEarlySocket } from './early-socket-handoff.ts';

// On the devices page, a returning user's sealed key is read from its store at once: the longest
// of the page's first reads (docs/devices-page.md).
const rememberedUser = readRememberedUser();
if (
  !isFramed() &&
  rememberedUser &&
  typeof indexedDB !== 'undefined' &&
  window.location.hash.startsWith(`#${routePaths.telemetry}`)
) {
  leaveEarlyKey(rememberedUser, loadSealedKey(rememberedUser));
}

if (!isFramed() && typeof WebSocket === 'function') {
  const { endpoint } = usualChoice();
  // A warm visit has this endpoint's metadata kept: it is not asked again.
  const kept = safeStorage.get(metadataCacheKey(endpoint)) !== null;
  leaveEarlySocket(
    openEarlySocket(endpoint, {
      requests: firstReadRequests(!kept),
      onOpen: () => markFirstData('socket-open'),
    }),
  );
}
