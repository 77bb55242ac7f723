import { fetchIpfsText } from '@robonomics-dapp/robonomics/ipfs/gateway';
import { gatewayUrl, parseStoredGateways } from '@robonomics-dapp/robonomics/ipfs/gateway-list';
import { GatewaySelector, type GatewaySnapshot } from '@robonomics-dapp/robonomics/ipfs/gateways';
import { useSyncExternalStore } from 'react';
import { appConfig } from '../shell/config.ts';
import { safeStorage } from '../storage/safe-storage.ts';

/** The choice kept on this device, under airalab/robonomics.app's keys (docs/ipfs-gateways.md). */
export const PICKED_GATEWAY_KEY = 'ipfs-smart-gateway:picked';
export const USER_GATEWAYS_KEY = 'ipfs-smart-gateway:user-gateways';

/** The app's one gateway choice: every IPFS read (home, twin files, NFT metadata) uses it. */
export const gatewaySelector = new GatewaySelector({
  defaults: appConfig.ipfsGateways,
  user: parseStoredGateways(safeStorage.get(USER_GATEWAYS_KEY)),
  picked: safeStorage.get(PICKED_GATEWAY_KEY),
  persist: ({ user, picked }) => {
    safeStorage.set(USER_GATEWAYS_KEY, JSON.stringify(user));
    if (picked) safeStorage.set(PICKED_GATEWAY_KEY, picked);
    else safeStorage.remove(PICKED_GATEWAY_KEY);
  },
});

const subscribe = (listener: () => void) => {
  const unsubscribe = gatewaySelector.subscribe(listener);
  return () => {
    unsubscribe();
  };
};
const snapshot = () => gatewaySelector.snapshot();

/** The ranked gateways, the picked one and whether a visible check is under way. */
export function useGateways(): GatewaySnapshot {
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * A file's text (an IPFS path, `<cid>[/<path>]`) through the picked gateway, moving to the next
 * fastest gateway when it fails. Rejects with 'File not available' when none serves it.
 */
export function readIpfsText(path: string, options: { allowHtml?: boolean } = {}): Promise<string> {
  return gatewaySelector.read(path, (origin) => fetchIpfsText(origin, path, options));
}

/** A link to an IPFS path on a gateway, the picked one by default (for images and links). */
export function ipfsLink(path: string, origin?: string | null): string {
  return gatewayUrl(origin ?? gatewaySelector.preferred() ?? '', path);
}
