import type { RobonomicsClient } from '../model/client-type.ts';
import { type MinimalWebSocket, openRpcSocket } from './rpc-socket.ts';

/**
 * A second opinion before signing (docs/security.md, "A second node before decisions"): the facts
 * that decide what a transaction does (the subscription, the device list it rewrites, the balance
 * that allows a purchase) are read from the connected node and from a second public node of the
 * same network, at the same finalized block, so a node that lies is caught and a node that lags
 * is not taken for one.
 */

/** One fact a decision rests on: what the user reads it as, and its storage key. */
export interface DecisionFact {
  label: string;
  key: `0x${string}`;
}

export type SecondOpinion =
  /** Both nodes gave the same bytes for every fact at finalized block `block`. */
  | { kind: 'agree'; block: number; endpoint: string }
  /** The second node gave other bytes for these facts (labels), or another block at that height. */
  | { kind: 'disagree'; block: number; endpoint: string; differ: string[] }
  /** The second node could not be asked (down, too slow, behind for too long). */
  | { kind: 'unavailable'; endpoint: string; reason: string };

export interface SecondOpinionOptions {
  /** How long the second node may take, lag included (default 12 s). */
  timeoutMs?: number;
  /** How often a node that has not seen the block yet is asked again (default 1 s). */
  retryMs?: number;
  createSocket?: (endpoint: string) => MinimalWebSocket;
}

/** The facts behind a purchase or renewal by `owner`, and behind a rewrite of its device list. */
export function decisionFacts(client: RobonomicsClient, owner: string): DecisionFact[] {
  return [
    { label: 'the subscription', key: client.query.rws.ledger.rawKey(owner) as `0x${string}` },
    { label: 'the device list', key: client.query.rws.devices.rawKey(owner) as `0x${string}` },
    { label: 'the balance', key: client.query.system.account.rawKey(owner) as `0x${string}` },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads `facts` from the connected node at its finalized block and from `endpoint` at the same
 * block. The second node may lag: it is asked again until it knows that block's height or the
 * time is up. Whatever the second node does is an answer; only a failure of the connected node
 * rejects.
 */
export async function askSecondOpinion(
  client: RobonomicsClient,
  endpoint: string,
  facts: readonly DecisionFact[],
  { timeoutMs = 12_000, retryMs = 1_000, createSocket }: SecondOpinionOptions = {},
): Promise<SecondOpinion> {
  const unavailable = (reason: string): SecondOpinion => ({
    kind: 'unavailable',
    endpoint,
    reason,
  });
  const hash = await client.rpc.chain_getFinalizedHead();
  const header = await client.rpc.chain_getHeader(hash);
  if (!header) return unavailable('the connected node did not describe its finalized block.');
  const block = header.number;
  const first = await Promise.all(facts.map((fact) => client.rpc.state_getStorage(fact.key, hash)));

  const socket = openRpcSocket(endpoint, { requests: [], timeoutMs, createSocket });
  const deadline = Date.now() + timeoutMs;
  try {
    // A lagging node has no block at that height yet; a lying one has another block there.
    let seen: unknown = null;
    for (;;) {
      seen = await socket.send('chain_getBlockHash', [block]);
      if (seen !== null || Date.now() + retryMs > deadline) break;
      await sleep(retryMs);
    }
    if (seen === null) {
      return unavailable(
        `it had not reached block #${block} after ${Math.round(timeoutMs / 1000)} s.`,
      );
    }
    if (seen !== hash) return { kind: 'disagree', block, endpoint, differ: [`block #${block}`] };
    const second = await Promise.all(
      facts.map((fact) => socket.send('state_getStorage', [fact.key, hash])),
    );
    const differ = facts
      .filter((_, i) => (first[i] ?? null) !== (second[i] ?? null))
      .map((fact) => fact.label);
    return differ.length
      ? { kind: 'disagree', block, endpoint, differ }
      : { kind: 'agree', block, endpoint };
  } catch (error) {
    return unavailable((error as Error).message);
  } finally {
    socket.close();
  }
}

/** The words for a disagreement: which node said what, and that nothing was signed. */
export function disagreementText(connected: string, opinion: SecondOpinion & { kind: 'disagree' }) {
  const what =
    opinion.differ.length === 1
      ? opinion.differ[0]
      : `${opinion.differ.slice(0, -1).join(', ')} and ${opinion.differ.at(-1)}`;
  return `Nothing was signed: the node ${connected} and the second node ${opinion.endpoint} disagree about ${what} at finalized block #${opinion.block}. One of them is wrong; try again later or choose another node.`;
}
