import type { RobonomicsClient } from '../model/client-type.ts';
import { decidingPin } from './pinned-runtimes.ts';

/**
 * RWS.MinimalBid in planck: a first bid must be strictly greater. On a network this build pins, the
 * pin's value, also for a runtime newer than its pins (a node cannot set the price the app bids:
 * docs/security.md); elsewhere the node's, which a second node confirms before anything is signed.
 */
export function minimalBid(client: RobonomicsClient): bigint {
  const pin = decidingPin(client.genesisHash, client.runtimeVersion.specVersion);
  return pin?.minimalBid ?? client.consts.rws.minimalBid;
}
