import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { TxFailedError, TxNotIncludedError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { TxResult } from '@robonomics-dapp/robonomics/chain/model/transaction';
import { sameGenesis } from '@robonomics-dapp/robonomics/chain/network/genesis-hash';
import { findTransaction } from '@robonomics-dapp/robonomics/chain/queries/find-transaction';
import type { SentInfo, Tracking } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import type { SentEnd, SentPurpose, SentRecord } from '../storage/sent-transactions.ts';
import { useChain } from '../stores/chain-store.ts';
import {
  endSentRecord,
  keepSentRecord,
  markSentSeen,
  setLooking,
  updateSentRecord,
  useSentTransactions,
} from '../stores/sent-transactions.ts';
import { formatTime } from '../time/format-date.ts';

/**
 * Every transaction followed to its end (docs/transactions.md): each one is kept before the node
 * has it; while its end is not known (the link dropped after the hand-over, the tab was closed or
 * reloaded), the final blocks of its window are searched whenever a node of its chain is
 * connected, until it is found (ran or failed) or its window has passed (nothing spent).
 */

/** How often pending transactions are looked for while the app is open (a block every 6 s). */
const SEARCH_EVERY_MS = 2_000;

/** Said when a transaction's window passed with no block including it. */
export const EXPIRED_TEXT = (block: number) =>
  `The transaction was not included by block #${block.toLocaleString('en-US')}, the last its signature allowed, so it can never run: nothing was spent. You can try again.`;

const waiters = new Map<string, Array<(end: SentEnd) => void>>();
/**
 * Transactions whose status the node is telling live: searched too (a node may go silent about
 * one), but what the search finds so far is not shown while the node still speaks of it.
 */
const live = new Set<string>();

/** Resolves once the record's end is known. */
export function untilEnd(hash: string): Promise<SentEnd> {
  const record = useSentTransactions.getState().records.find((r) => r.hash === hash);
  if (record?.end) return Promise.resolve(record.end);
  return new Promise((resolve) => waiters.set(hash, [...(waiters.get(hash) ?? []), resolve]));
}

/** Wakes whoever waits for an end that is now known. */
function wakeWaiters(records: readonly SentRecord[]) {
  for (const record of records) {
    const waiting = record.end && waiters.get(record.hash);
    if (!waiting) continue;
    waiters.delete(record.hash);
    for (const wake of waiting) wake(record.end!);
  }
}

/** Whether the record is still followed: no end known yet. */
export const isOpen = (record: SentRecord) => record.end === undefined;

/** One search for each open record of the connected chain. */
async function searchOnce(client: RobonomicsClient) {
  const open = useSentTransactions
    .getState()
    .records.filter((r) => isOpen(r) && sameGenesis(r.genesisHash, client.genesisHash));
  for (const record of open) {
    try {
      const end = await findTransaction(
        client,
        {
          hash: record.hash,
          genesisHash: record.genesisHash,
          mortality: { birth: record.birth, death: record.death },
        },
        { from: (record.searchedTo ?? record.birth - 1) + 1 },
      );
      const at = Date.now();
      // The node said it refused it, yet it is in a block: that is news to tell.
      if (end.kind === 'included' && record.refused) updateSentRecord(record.hash, { seen: false });
      if (end.kind === 'included') {
        endSentRecord(
          record.hash,
          end.failed
            ? { kind: 'failed', block: end.block.number, reason: end.failed.reason, at }
            : {
                kind: 'succeeded',
                block: end.block.number,
                blockHash: end.block.hash,
                index: end.index,
                at,
              },
        );
      } else if (end.kind === 'expired') {
        endSentRecord(record.hash, { kind: 'expired', block: end.searched.to, at });
      } else {
        if (end.searched) updateSentRecord(record.hash, { searchedTo: end.searched.to });
        if (live.has(record.hash)) continue;
        setLooking(
          record.hash,
          end.why
            ? { why: end.why }
            : end.searched
              ? { from: end.searched.from, to: end.searched.to }
              : { from: record.birth, to: record.birth - 1 },
        );
      }
    } catch (error) {
      setLooking(record.hash, { why: (error as Error).message });
    }
  }
  wakeWaiters(useSentTransactions.getState().records);
}

/**
 * Follows open transactions while the app runs: at once when a node is connected, then every
 * few seconds while any is open. Returns the stop.
 */
export function startFollowingTransactions(): () => void {
  let busy = false;
  const tick = () => {
    const { client } = useChain.getState();
    if (busy || !client || client.provider.status !== 'connected') return;
    if (!useSentTransactions.getState().records.some(isOpen)) return;
    busy = true;
    void searchOnce(client).finally(() => {
      busy = false;
    });
  };
  const timer = setInterval(tick, SEARCH_EVERY_MS);
  const unsubscribe = useChain.subscribe((state, before) => {
    if (state.client && state.client !== before.client) tick();
  });
  // An end found by another tab wakes this tab's waiters too.
  const unsubscribeRecords = useSentTransactions.subscribe((state) => wakeWaiters(state.records));
  tick();
  return () => {
    clearInterval(timer);
    unsubscribe();
    unsubscribeRecords();
  };
}

/** The words a pending record's end gives a waiting action: the result, or the reason. */
function settle(sent: SentInfo, end: SentEnd): TxResult {
  if (end.kind === 'succeeded') {
    return {
      txHash: sent.hash,
      blockHash: end.blockHash,
      blockNumber: end.block,
      txIndex: end.index,
    };
  }
  if (end.kind === 'failed') throw new TxFailedError(end.reason);
  throw new TxNotIncludedError(EXPIRED_TEXT(end.block));
}

/**
 * The tracking every transaction the app sends gets: kept before the node has it, its end
 * recorded, found in the blocks when the link drops, and a nonce that lets nothing land twice.
 */
export function trackedAs(purpose: SentPurpose, what: string, callHash?: `0x${string}`): Tracking {
  return {
    nonce: async (sender, next) => reusableNonce(sender, next),
    onSent: (sent) => {
      live.add(sent.hash);
      keepSentRecord({
        hash: sent.hash,
        genesisHash: sent.genesisHash.toLowerCase(),
        endpoint: useChain.getState().endpoint,
        sender: sent.sender,
        nonce: sent.nonce,
        birth: sent.mortality.birth,
        death: sent.mortality.death,
        purpose,
        what,
        sentAt: Date.now(),
        ...(callHash ? { callHash } : {}),
      });
    },
    onEnd: (sent, end) => {
      live.delete(sent.hash);
      if ('result' in end) {
        endSentRecord(sent.hash, {
          kind: 'succeeded',
          block: end.result.blockNumber,
          blockHash: end.result.blockHash,
          index: end.result.txIndex,
          at: Date.now(),
        });
        // Told live where the user acted: no notice needs to say it again.
        markSentSeen([sent.hash]);
      } else if (!end.inBlock) {
        // Not in a block: said where the user acted, and followed quietly until its window
        // passes (in case the node passed it on all the same).
        updateSentRecord(sent.hash, {
          refused: { reason: end.error.message, at: Date.now() },
          seen: true,
        });
      } else {
        // Failed in a block, said where the user acted: the search records the block.
        updateSentRecord(sent.hash, { seen: true });
      }
    },
    onLinkLost: (sent) => live.delete(sent.hash),
    foundEnd: async (sent) => {
      const end = await untilEnd(sent.hash);
      // The action still waiting says the end where the user acted.
      markSentSeen([sent.hash]);
      return settle(sent, end);
    },
  };
}

/**
 * The nonce a new transaction of `sender` takes: `next` (the node's), unless an earlier one of
 * the same account may still land with a lower nonce; the new one then takes that nonce, so that
 * at most one of them can ever run.
 */
async function reusableNonce(sender: string, next: number): Promise<number> {
  const { client } = useChain.getState();
  const open = useSentTransactions
    .getState()
    .records.filter(
      (r) =>
        isOpen(r) &&
        addressEq(r.sender, sender) &&
        !!client &&
        sameGenesis(r.genesisHash, client.genesisHash) &&
        r.nonce < next,
    );
  if (!client || open.length === 0) return next;
  // Nonces the chain has counted already are spent: only a later one can still land.
  const spent = Number((await client.query.system.account(sender)).nonce);
  const candidates = open.map((r) => r.nonce).filter((n) => n >= spent);
  return candidates.length > 0 ? Math.min(...candidates) : next;
}

/** "a bid for a subscription signed at 14:02", for the words about a record. */
export function describeRecord(record: SentRecord): string {
  return `${record.what} signed at ${formatTime(record.sentAt)}`;
}
