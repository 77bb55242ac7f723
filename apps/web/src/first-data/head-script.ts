/**
 * The page's first script: a classic script of its own in the page's head (first-data-plugin.ts
 * builds it), run while the app's modules are still downloading. It opens the socket to the node
 * the app will use, sends the dashboard's first reads at once and reads their answers as they
 * arrive (the metadata walked for the price as soon as it is in), so that the values are ready
 * when the app starts (docs/first-data.md). A `?rpc=` endpoint is never contacted here: the user
 * has not accepted it yet.
 */
import { leaveFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/handoff';
import { startFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/start';
import { keptRuntimeOf } from '@robonomics-dapp/robonomics/chain/metadata/cache';
import { metadataCacheKey } from '@robonomics-dapp/robonomics/chain/metadata/cache-key';
import { appConfig } from '../lib/shell/config.ts';
import { isFramed } from '../lib/shell/frame-guard.ts';
import { paintHomePreview } from '../lib/shell/home-preview.ts';
import { routePaths } from '../lib/shell/route-table.ts';
import { usualChoice } from '../lib/shell/usual-endpoint.ts';
import { keyKeeping } from '../lib/storage/key-keeping.ts';
import { safeStorage } from '../lib/storage/safe-storage.ts';
import { knownServesIpfs } from '../lib/storage/shared-origin.ts';
import { userToOpenByItself } from '../lib/user-key/remembered-user.ts';
import { openHomeMarkup } from '../lib/user-key/sealed-home-snapshot.ts';
import { loadSealedKeyAndSnapshots } from '../lib/user-key/sealed-key-db.ts';
import { leaveEarlyKey } from './early-key-handoff.ts';
import { addRouteStyles } from './route-styles.ts';
import { askWorkerForFirstReads } from './worker-answers.ts';

const { endpoint } = usualChoice();

// On the devices page, a returning user's sealed key and the home snapshots sealed with it are read
// from their store at once: the longest of the page's first reads (docs/devices-page.md). The
// page as it last showed this endpoint's home is painted as soon as it is open, before the app's
// code has run; the app takes it away when its own first card is on screen. Not for a user who
// signed out: their kept key waits until they ask for it. Nor where keys may not be kept, nor
// before the app has found that this address serves nothing but the app (an earlier visit asked).
const rememberedUser = userToOpenByItself();
if (
  keyKeeping.allowed &&
  knownServesIpfs() === false &&
  !isFramed() &&
  rememberedUser &&
  typeof indexedDB !== 'undefined' &&
  window.location.hash.startsWith(`#${routePaths.devices}`)
) {
  const styles = addRouteStyles(document, window.location.hash);
  const read = loadSealedKeyAndSnapshots(rememberedUser);
  leaveEarlyKey(rememberedUser, read);
  void read
    .then(async ({ record, snapshots }) => {
      const newest = snapshots
        .filter(
          (snapshot) => snapshot.markup && snapshot.id.startsWith(`${rememberedUser} ${endpoint} `),
        )
        .sort((a, b) => b.time - a.time)[0];
      const markup = record && newest ? await openHomeMarkup(record.key, newest) : null;
      if (markup) await paintHomePreview(document, markup, styles);
    })
    .catch(() => {});
}

if (!isFramed() && typeof WebSocket === 'function') {
  leaveFirstData(
    startFirstData({
      endpoint,
      // A warm visit: this endpoint's metadata and the values taken from it are kept.
      kept: keptRuntimeOf(safeStorage.get(metadataCacheKey(endpoint)), endpoint),
      devnetEndpoints: appConfig.devnetEndpoints,
      // The app reads the home's pointers by key on it until its client's socket is open.
      keepOpen: true,
      // On a later visit the service worker started the same reads with the navigation.
      workerReads: askWorkerForFirstReads(),
    }),
  );
}
