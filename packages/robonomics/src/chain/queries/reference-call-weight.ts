import type { RobonomicsClient } from '../model/client-type.ts';

/** RWS.ReferenceCallWeight: the weight one "call per second" of a subscription stands for. */
export function referenceCallWeight(client: RobonomicsClient): bigint {
  return client.consts.rws.referenceCallWeight;
}
