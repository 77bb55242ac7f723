/**
 * The page's first script: a classic script of its own in the page's head (first-data-plugin.ts
 * builds it), run while the app's modules are still downloading. It opens the socket to the node
 * the app will use, sends the dashboard's first reads at once and reads their answers as they
 * arrive (the metadata walked for the price as soon as it is in), so that the values are ready
 * when the app starts (docs/first-data.md). A `?rpc=` endpoint is never contacted here: the user
 * has not accepted it yet.
 */
import { leaveFirstData } from '@robonomics-dapp/robonomics/chain/first-data/handoff';
import { startFirstData } from '@robonomics-dapp/robonomics/chain/first-data/start';
import { keptRuntimeOf } from '@robonomics-dapp/robonomics/chain/metadata-cache';
import { metadataCacheKey } from '@robonomics-dapp/robonomics/chain/metadata-cache-key';
import { isFramed } from '../app/frame-guard.ts';
import { appConfig } from '../lib/config.ts';
import { safeStorage } from '../lib/safe-storage.ts';
import { usualChoice } from '../lib/usual-endpoint.ts';

if (!isFramed() && typeof WebSocket === 'function') {
  const { endpoint } = usualChoice();
  leaveFirstData(
    startFirstData({
      endpoint,
      // A warm visit: this endpoint's metadata and the values taken from it are kept.
      kept: keptRuntimeOf(safeStorage.get(metadataCacheKey(endpoint)), endpoint),
      devnetEndpoints: appConfig.devnetEndpoints,
    }),
  );
}
