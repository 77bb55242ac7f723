/**
 * The page's first script: a classic script of its own in the page's head (first-data-plugin.ts
 * builds it), run while the app's modules are still downloading. It opens the socket to the node
 * the app will use and sends the dashboard's first reads at once, so that their answers are
 * waiting when the app starts (docs/first-data.md). A `?rpc=` endpoint is never contacted here:
 * the user has not accepted it yet.
 */
import { leaveFirstDataSocket } from '@robonomics-dapp/robonomics/chain/first-data/handoff';
import { markFirstData } from '@robonomics-dapp/robonomics/chain/first-data/marks';
import { firstReadRequests } from '@robonomics-dapp/robonomics/chain/first-data/requests';
import { metadataCacheKey } from '@robonomics-dapp/robonomics/chain/metadata-cache-key';
import { openRpcSocket } from '@robonomics-dapp/robonomics/chain/rpc-socket';
import { isFramed } from '../app/frame-guard.ts';
import { safeStorage } from '../lib/safe-storage.ts';
import { usualChoice } from '../lib/usual-endpoint.ts';

if (!isFramed() && typeof WebSocket === 'function') {
  const { endpoint } = usualChoice();
  // A warm visit has this endpoint's metadata kept: it is not asked again.
  const kept = safeStorage.get(metadataCacheKey(endpoint)) !== null;
  leaveFirstDataSocket(
    openRpcSocket(endpoint, {
      requests: firstReadRequests(!kept),
      onOpen: () => markFirstData('socket-open'),
    }),
  );
}
