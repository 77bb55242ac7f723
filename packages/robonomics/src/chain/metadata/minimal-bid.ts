import type { RobonomicsClient } from '../model/client-type.ts';
import { pinnedRuntime } from './pinned-runtimes.ts';

/**
 * RWS.MinimalBid in planck: a first bid must be strictly greater. For a runtime this build pins,
 * the pinned value (a node cannot raise the price the app bids: docs/security.md).
 */
export function minimalBid(client: RobonomicsClient): bigint {
  const pin = pinnedRuntime(client.genesisHash, client.runtimeVersion.specVersion);
  return pin?.minimalBid ?? client.consts.rws.minimalBid;
}
