import type { RobonomicsClient } from '../client-type.ts';

/** RWS.MinimalBid in planck: a first bid must be strictly greater. */
export function minimalBid(client: RobonomicsClient): bigint {
  return client.consts.rws.minimalBid;
}
