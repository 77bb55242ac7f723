import type { RobonomicsClient } from '../client.ts';

/** RWS.ReferenceCallWeight: the weight one "call per second" of a subscription stands for. */
export function referenceCallWeight(client: RobonomicsClient): bigint {
  return client.consts.rws.referenceCallWeight;
}
