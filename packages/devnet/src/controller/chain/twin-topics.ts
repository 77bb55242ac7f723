import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { type ChainLink, ZERO_ACCOUNT } from './chain.ts';

/**
 * The two ways HA points its twin's topics (see docs/home-assistant.md, "Digital twin"): every
 * write is `digitalTwin.setSource` through the owner's subscription.
 */

/**
 * `set_twin_topic_with_remove_old`: going through the twin's topics in order, each other topic
 * of `source` is re-pointed to the zero account, until the CID's topic is found already
 * pointing to `source` (then nothing more is done); otherwise the CID's topic is pointed to
 * `source` at the end.
 */
export async function setTopicRemovingOld(
  chain: ChainLink,
  owner: string,
  twinId: number,
  cid: string,
  source: string,
): Promise<void> {
  const topic = cidToH256(cid);
  const topics = await chain.twinTopics(twinId);
  for (const [old, current] of topics) {
    if (current !== source) continue;
    if (old === topic) return;
    await chain.callThroughSubscription(owner, (api) =>
      api.tx.digitalTwin.setSource(twinId, old, ZERO_ACCOUNT),
    );
  }
  await chain.callThroughSubscription(owner, (api) =>
    api.tx.digitalTwin.setSource(twinId, topic, source),
  );
}

/**
 * `remove_twin_topic_for_address`: the first topic pointing to `address` is re-pointed to the
 * zero account. False when there was none.
 */
export async function removeTopicOf(
  chain: ChainLink,
  owner: string,
  twinId: number,
  address: string,
): Promise<boolean> {
  const topics = await chain.twinTopics(twinId);
  const found = [...topics].find(([, source]) => source === address);
  if (!found) return false;
  await chain.callThroughSubscription(owner, (api) =>
    api.tx.digitalTwin.setSource(twinId, found[0], ZERO_ACCOUNT),
  );
  return true;
}
