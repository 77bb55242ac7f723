import { blake2AsHex } from '@dedot/utils';
import { QueryableStorage } from 'dedot';
import type { DispatchError } from 'dedot/codecs';
import type { RobonomicsClient } from '../model/client-type.ts';
import { describeDispatchError } from '../model/errors.ts';
import type { Mortality } from '../model/mortality.ts';
import { sameGenesis } from '../network/genesis-hash.ts';

/**
 * Where a sent transaction ended, found in the chain's blocks rather than in the status stream
 * that a dropped link ends: every final block from the one it was signed at is read, body and
 * events, until the transaction is found or its window has passed (docs/transactions.md).
 */

/** What the app knows of a transaction it sent: enough to look for it. */
export interface SentTransaction {
  /** blake2-256 of the signed transaction's bytes. */
  hash: `0x${string}`;
  /** The chain it was sent to. */
  genesisHash: string;
  /** The blocks it may be included in. */
  mortality: Mortality;
}

export type TransactionEnd =
  /** In final block `block`, at `index`: it ran (`failed` null) or the chain refused it, in words. */
  | {
      kind: 'included';
      block: { number: number; hash: string };
      index: number;
      failed: { reason: string; code: string | null } | null;
    }
  /** No final block of its window holds it: it can never run, nothing was spent. */
  | { kind: 'expired'; searched: { from: number; to: number } }
  /** Not found yet in the final blocks searched; `why` when the search could not go on. */
  | { kind: 'looking'; searched: { from: number; to: number } | null; why?: string };

export interface FindOptions {
  /** The first block number to read (the search goes on from where it last stopped). */
  from?: number;
  /** Blocks read at once (default 8). */
  concurrency?: number;
  /** Stop early: the search ends as 'looking' at the block it reached. */
  isCancelled?: () => boolean;
}

const ANOTHER_CHAIN =
  'The node in use is not on the chain the transaction was sent to, so it cannot tell what became of it.';

/**
 * Looks for `sent` in the final blocks of its window, from `from` (default: its first block) up to
 * the node's final block. Rejects only when the node is of another chain; a node that does not
 * give a block it announced ends the search as 'looking', with why.
 */
export async function findTransaction(
  client: RobonomicsClient,
  sent: SentTransaction,
  { from = sent.mortality.birth, concurrency = 8, isCancelled }: FindOptions = {},
): Promise<TransactionEnd> {
  if (!sameGenesis(client.genesisHash, sent.genesisHash)) throw new Error(ANOTHER_CHAIN);
  const finalHash = await client.rpc.chain_getFinalizedHead();
  const finalHeader = await client.rpc.chain_getHeader(finalHash);
  if (!finalHeader) {
    return { kind: 'looking', searched: null, why: 'the node did not describe its final block.' };
  }
  const last = Math.min(finalHeader.number, sent.mortality.death - 1);
  const { birth } = sent.mortality;
  // The blocks before `from` were searched by an earlier call.
  let reached = Math.max(from, birth) - 1;
  const searched = () => (reached >= birth ? { from: birth, to: reached } : null);
  while (reached < last && !isCancelled?.()) {
    const numbers = Array.from(
      { length: Math.min(concurrency, last - reached) },
      (_, i) => reached + 1 + i,
    );
    const bodies = await Promise.all(numbers.map((n) => blockBody(client, n)));
    for (const [i, body] of bodies.entries()) {
      const number = numbers[i]!;
      if (!body) {
        return {
          kind: 'looking',
          searched: searched(),
          why: `the node does not give block #${number.toLocaleString('en-US')}, which it names as final.`,
        };
      }
      const index = body.extrinsics.findIndex(
        (x) => blake2AsHex(x, 256) === sent.hash.toLowerCase(),
      );
      if (index >= 0) {
        return {
          kind: 'included',
          block: { number, hash: body.hash },
          index,
          failed: await failureOf(client, body.hash, index),
        };
      }
      reached = number;
    }
  }
  // Every block of the window is final and none holds it: it can never be included.
  if (reached === sent.mortality.death - 1) {
    return { kind: 'expired', searched: { from: birth, to: reached } };
  }
  return { kind: 'looking', searched: searched() };
}

/** A block's hash and the transactions in it (hex), or null when the node does not give it. */
async function blockBody(
  client: RobonomicsClient,
  number: number,
): Promise<{ hash: string; extrinsics: string[] } | null> {
  const hash = await client.rpc.chain_getBlockHash(number);
  if (!hash) return null;
  const block = await client.rpc.chain_getBlock(hash);
  if (!block) return null;
  return { hash, extrinsics: block.block.extrinsics as string[] };
}

/** Why the transaction at `index` of that block failed, in words; null when it succeeded. */
async function failureOf(
  client: RobonomicsClient,
  blockHash: string,
  index: number,
): Promise<{ reason: string; code: string | null } | null> {
  const events = new QueryableStorage(client.registry, 'System', 'Events');
  const raw = await client.rpc.state_getStorage(
    events.encodeKey() as `0x${string}`,
    blockHash as `0x${string}`,
  );
  const records = (events.decodeValue(raw ?? null) ?? []) as Array<{
    phase: { type: string; value?: number };
    event: { pallet: string; palletEvent: { name: string; data?: { dispatchError?: unknown } } };
  }>;
  for (const { phase, event } of records) {
    if (phase.type !== 'ApplyExtrinsic' || phase.value !== index || event.pallet !== 'System') {
      continue;
    }
    if (event.palletEvent.name === 'ExtrinsicFailed') {
      const failure = describeDispatchError(
        client,
        event.palletEvent.data?.dispatchError as DispatchError,
      );
      return { reason: failure.message, code: failure.code };
    }
    if (event.palletEvent.name === 'ExtrinsicSuccess') return null;
  }
  return null;
}
