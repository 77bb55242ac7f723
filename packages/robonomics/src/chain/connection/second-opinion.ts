import { metadataConstant } from '../metadata/constants.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import { TxFailedError } from '../model/errors.ts';
import { type MinimalWebSocket, openRpcSocket, type RpcSocket } from './rpc-socket.ts';

/**
 * Checked facts (docs/security.md, "A second node before decisions"): what decides a transaction
 * (the subscription, the device list it rewrites, the balance that allows a purchase) is read once,
 * at the connected node's finalized block, from that node and from a second node of the same
 * network, byte for byte; the decision is then made from exactly those bytes, never from another
 * read of the latest state. A node that lies is caught, one that lags is waited for, one that names
 * an old block as final is refused, and where no second node could confirm the facts the caller is
 * told why, so that the user decides with that knowledge.
 */

type Hex = `0x${string}`;

/** One fact a decision rests on: what the user reads it as, and its storage key. */
export interface DecisionFact {
  label: string;
  key: Hex;
}

/** A pallet constant a decision rests on (the price, the device bound), by its metadata name. */
export interface DecisionConstant {
  label: string;
  pallet: string;
  name: string;
}

/** A node asked to confirm: the build's or the network's public one, or one the user named. */
export interface SecondNode {
  endpoint: string;
  /** Named by the user for this network. */
  own: boolean;
}

export type Confirmation =
  /** The second node gave the same bytes for every fact (and constant) at that block. */
  | { kind: 'confirmed'; node: SecondNode }
  /** Nobody could confirm the facts: the reason, in words, ends a sentence ("… because …"). */
  | { kind: 'unconfirmed'; reason: string };

export interface CheckedFacts {
  /** The connected node's finalized block the facts were read at. */
  block: { number: number; hash: Hex };
  /** Each fact's SCALE bytes at that block (null: no value), in the order asked. */
  values: (Hex | null)[];
  confirmation: Confirmation;
}

/** The check refused the facts: the two nodes disagree, or the node answers from an old block. */
export class FactsRefusedError extends TxFailedError {
  constructor(message: string) {
    super(message);
    this.name = 'FactsRefusedError';
  }
}

export interface CheckFactsOptions {
  /** The connected node's endpoint, as the user chose it (for the words). */
  connected: string;
  /** Asked in this order until one answers; an empty list leaves the facts unconfirmed. */
  secondNodes: readonly SecondNode[];
  /** Why there is no second node to ask, when `secondNodes` is empty. */
  noSecondNode?: string;
  /** Constants the second node must confirm too (where the build pins no value for them). */
  constants?: readonly DecisionConstant[];
  /** How long one second node may take, a lag included (default 12 s). */
  timeoutMs?: number;
  /** How often a node that has not reached the block yet is asked again (default 1 s). */
  retryMs?: number;
  /** How many blocks the facts' block may trail the second node's own final block (default 5). */
  maxBehind?: number;
  /**
   * How long to wait for finality to reach a fact that changed after the final block, before
   * deciding from what is final (default 60 s).
   */
  finalityWaitMs?: number;
  createSocket?: (endpoint: string) => MinimalWebSocket;
}

/**
 * The longest answer taken from a second node: a runtime's description (read where nothing pins
 * the constants) is about 0.7 MB of hex; 16 MiB is a node's own frame limit.
 */
const SECOND_NODE_MESSAGE_BYTES = 16 * 1024 * 1024;

const HASH = /^0x[0-9a-fA-F]{64}$/;
/** Finality waited for while it moves; a relay chain finalizes every few seconds. */
const STALL_MS = 20_000;
const STORAGE = /^0x(?:[0-9a-fA-F]{2})*$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sameBytes = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : a.toLowerCase() === b.toLowerCase();

/** What one second node made of the facts. */
type Opinion =
  | { kind: 'agree' }
  | { kind: 'disagree'; differ: string[] }
  | { kind: 'behind'; head: number }
  | { kind: 'unavailable'; reason: string };

/** A second node that answered something other than what was asked for. */
class GarbageError extends Error {}

/**
 * Reads `facts` at the connected node's finalized block and has them confirmed by the first of
 * `secondNodes` that answers. Rejects with FactsRefusedError on a disagreement or an old block,
 * and with the connected node's own failure; resolves, confirmed or not, otherwise.
 */
export async function checkFacts(
  client: RobonomicsClient,
  facts: readonly DecisionFact[],
  options: CheckFactsOptions,
): Promise<CheckedFacts> {
  const { connected, finalityWaitMs = 60_000, retryMs = 1_000 } = options;
  let { block, values } = await readFinal(client, facts, connected);
  // A fact that changed since the final block (a device list written a moment ago) would be
  // decided from its old value: such facts are read again once finality reaches the change.
  const best = await client.rpc.chain_getHeader();
  if (best && best.number > block.number) {
    const bestHash = await client.rpc.chain_getBlockHash(best.number);
    const latest = bestHash
      ? await Promise.all(facts.map((fact) => client.rpc.state_getStorage(fact.key, bestHash)))
      : values;
    if (latest.some((value, i) => !sameBytes(value ?? null, values[i] ?? null))) {
      // Finality that stops moving is waited for no longer: what is final then is checked (and a
      // node naming an old block final is refused by the second node).
      const until = Date.now() + finalityWaitMs;
      let moved = Date.now();
      while (block.number < best.number && Date.now() < until && Date.now() - moved < STALL_MS) {
        await sleep(retryMs);
        const next = await readFinal(client, facts, connected);
        if (next.block.number > block.number) moved = Date.now();
        ({ block, values } = next);
      }
    }
  }
  const read = (confirmation: Confirmation): CheckedFacts => ({ block, values, confirmation });

  if (options.secondNodes.length === 0) {
    return read({
      kind: 'unconfirmed',
      reason: options.noSecondNode ?? 'no second node of this chain is known.',
    });
  }
  const refusals: string[] = [];
  for (const node of options.secondNodes) {
    const opinion = await askNode(client, node.endpoint, block, facts, values, options);
    if (opinion.kind === 'agree') return read({ kind: 'confirmed', node });
    if (opinion.kind === 'disagree') {
      throw new FactsRefusedError(
        disagreementText(connected, node.endpoint, block.number, opinion),
      );
    }
    if (opinion.kind === 'behind') {
      const behind = opinion.head - block.number;
      throw new FactsRefusedError(
        `Nothing was signed: the node ${connected} answers from block #${block.number}, ${behind} blocks behind the second node ${node.endpoint}, whose last final block is #${opinion.head}. An old block may no longer be true; try again in a moment or choose another node.`,
      );
    }
    refusals.push(
      `${node.own ? 'your second node' : 'the second node'} ${node.endpoint} ${opinion.reason}`,
    );
  }
  return read({ kind: 'unconfirmed', reason: `${refusals.join('; ')}.` });
}

/** `facts` as the connected node has them at its final block. */
async function readFinal(
  client: RobonomicsClient,
  facts: readonly DecisionFact[],
  connected: string,
): Promise<Pick<CheckedFacts, 'block' | 'values'>> {
  const hash = await client.rpc.chain_getFinalizedHead();
  if (typeof hash !== 'string' || !HASH.test(hash)) {
    throw new FactsRefusedError(
      `Nothing was signed: the node ${connected} did not name its final block.`,
    );
  }
  const header = await client.rpc.chain_getHeader(hash).catch(() => undefined);
  if (!header || !Number.isSafeInteger(header.number)) {
    throw new FactsRefusedError(
      `Nothing was signed: the node ${connected} names block ${hash} as final but does not describe it. Try again later or choose another node.`,
    );
  }
  const values = await Promise.all(
    facts.map(async (fact) => {
      const value = await client.rpc.state_getStorage(fact.key, hash);
      if (value !== null && value !== undefined && !STORAGE.test(value)) {
        throw new FactsRefusedError(
          `Nothing was signed: the node ${connected} answered ${fact.label} with something that is not storage.`,
        );
      }
      return (value ?? null) as Hex | null;
    }),
  );
  return { block: { number: header.number, hash: hash as Hex }, values };
}

/** One second node's opinion of the facts read at `block`. */
async function askNode(
  client: RobonomicsClient,
  endpoint: string,
  block: CheckedFacts['block'],
  facts: readonly DecisionFact[],
  values: readonly (Hex | null)[],
  {
    timeoutMs = 12_000,
    retryMs = 1_000,
    maxBehind = 5,
    createSocket,
    constants = [],
  }: CheckFactsOptions,
): Promise<Opinion> {
  const socket = openRpcSocket(endpoint, {
    requests: [],
    timeoutMs,
    createSocket,
    maxMessageBytes: SECOND_NODE_MESSAGE_BYTES,
  });
  const deadline = Date.now() + timeoutMs;
  try {
    const head = await finalNumber(socket);
    // A lagging node has no block at that height yet; a lying one has another block there.
    let seen: unknown = null;
    for (;;) {
      seen = await socket.send('chain_getBlockHash', [block.number]);
      if (seen !== null || Date.now() + retryMs > deadline) break;
      await sleep(retryMs);
    }
    if (seen === null) {
      return {
        kind: 'unavailable',
        reason: `had not reached block #${block.number} after ${Math.round(timeoutMs / 1000)} s`,
      };
    }
    if (typeof seen !== 'string' || !HASH.test(seen)) throw new GarbageError();
    if (seen.toLowerCase() !== block.hash.toLowerCase()) {
      return { kind: 'disagree', differ: [`block #${block.number}`] };
    }
    if (head - block.number > maxBehind) return { kind: 'behind', head };
    const theirs = await Promise.all(
      facts.map(async (fact) => {
        const value = await socket.send('state_getStorage', [fact.key, block.hash]);
        if (value !== null && (typeof value !== 'string' || !STORAGE.test(value))) {
          throw new GarbageError();
        }
        return value as string | null;
      }),
    );
    const differ = facts
      .filter((_, i) => !sameBytes(values[i] ?? null, theirs[i] ?? null))
      .map((fact) => fact.label);
    if (constants.length > 0)
      differ.push(...(await constantsDiffer(client, socket, block, constants)));
    return differ.length > 0 ? { kind: 'disagree', differ } : { kind: 'agree' };
  } catch (error) {
    if (error instanceof GarbageError) {
      return { kind: 'unavailable', reason: 'answered something that is not what was asked for' };
    }
    const why = (error as Error).message.replace(/\.$/, '');
    return {
      kind: 'unavailable',
      reason: `did not answer (${why.charAt(0).toLowerCase()}${why.slice(1)})`,
    };
  } finally {
    socket.close();
  }
}

/** The number of the node's own final block. */
async function finalNumber(socket: RpcSocket): Promise<number> {
  const hash = await socket.send('chain_getFinalizedHead', []);
  if (typeof hash !== 'string' || !HASH.test(hash)) throw new GarbageError();
  const header = (await socket.send('chain_getHeader', [hash])) as { number?: unknown } | null;
  const number =
    typeof header?.number === 'string' ? Number.parseInt(header.number, 16) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 0) throw new GarbageError();
  return number;
}

/**
 * The constants whose bytes in the second node's description of the runtime at `block` differ
 * from those of the description the client uses (the connected node's).
 */
async function constantsDiffer(
  client: RobonomicsClient,
  socket: RpcSocket,
  block: CheckedFacts['block'],
  constants: readonly DecisionConstant[],
): Promise<string[]> {
  const metadata = await socket.send('state_getMetadata', [block.hash]);
  if (typeof metadata !== 'string' || !STORAGE.test(metadata)) throw new GarbageError();
  return constants
    .filter(({ pallet, name }) => {
      const ours = clientConstant(client, pallet, name);
      let theirs: Uint8Array | undefined;
      try {
        theirs = metadataConstant(metadata, pallet, name);
      } catch {
        throw new GarbageError();
      }
      return ours === undefined || theirs === undefined || !sameBytes(ours, toHex(theirs));
    })
    .map((constant) => constant.label);
}

/** A constant's bytes (hex) in the client's description of the runtime. */
function clientConstant(
  client: RobonomicsClient,
  pallet: string,
  name: string,
): string | undefined {
  return client.metadata.latest.pallets
    .find((p) => p.name === pallet)
    ?.constants.find((c) => c.name === name)?.value;
}

const toHex = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** The words for a disagreement: which node said what, and that nothing was signed. */
function disagreementText(
  connected: string,
  second: string,
  block: number,
  opinion: { differ: string[] },
) {
  const what =
    opinion.differ.length === 1
      ? opinion.differ[0]
      : `${opinion.differ.slice(0, -1).join(', ')} and ${opinion.differ.at(-1)}`;
  return `Nothing was signed: the node ${connected} and the second node ${second} disagree about ${what} at finalized block #${block}. One of them is wrong; try again later or choose another node.`;
}
