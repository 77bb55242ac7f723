import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { sameGenesis } from '@robonomics-dapp/robonomics/chain/network/genesis-hash';
import { useEffect, useState } from 'react';
import { describeRecord, isOpen } from '../lib/actions/follow-transactions.ts';
import type { SentPurpose, SentRecord } from '../lib/storage/sent-transactions.ts';
import { useChain } from '../lib/stores/chain-store.ts';
import { markSentSeen, useSentTransactions } from '../lib/stores/sent-transactions.ts';

/** The newest record of this account's `purpose` on the chain in use that is open or unseen. */
export function useSentRecord(
  sender: string | null,
  purpose: SentPurpose,
  /** Also one whose end was shown already. */
  { seenToo = false } = {},
): SentRecord | null {
  const genesisHash = useChain((s) =>
    s.network?.kind === 'known' || s.network?.kind === 'unknown' ? s.network.genesisHash : null,
  );
  const endpoint = useChain((s) => s.endpoint);
  const records = useSentTransactions((s) => s.records);
  if (!sender) return null;
  // Until the node tells its chain (a link down after a reload), the endpoint stands for it.
  const onThisChain = (r: SentRecord) =>
    genesisHash ? sameGenesis(r.genesisHash, genesisHash) : r.endpoint === endpoint;
  return (
    records
      .filter(
        (r) =>
          r.purpose === purpose &&
          onThisChain(r) &&
          addressEq(r.sender, sender) &&
          // Still on its way, or ended unseen; one the node refused was said when it happened.
          ((isOpen(r) && !r.refused) || (!!r.end && (seenToo || !r.seen))),
      )
      .sort((a, b) => b.sentAt - a.sentAt)[0] ?? null
  );
}

/** A record still pending, not refused by the node: a second one of its kind is not offered. */
export const isPending = (record: SentRecord | null): record is SentRecord =>
  !!record && isOpen(record) && !record.refused;

/**
 * Where the user acted (docs/transactions.md): what became of the transaction they signed here,
 * also after a dropped link, a reload or a closed tab. Pending, it says which final blocks were
 * searched; ended, it says in which block it ran or failed, or that it was never included and
 * nothing was spent. An end shown here is not listed again in the header.
 */
export function SentTransactionLine({ record: current }: { record: SentRecord | null }) {
  // An end shown here stays shown for this visit, though it no longer counts as unseen.
  const [shownEnd, setShownEnd] = useState<SentRecord | null>(null);
  const record = current ?? shownEnd;
  const looking = useSentTransactions((s) => (record ? s.looking[record.hash] : undefined));
  useEffect(() => {
    if (!current?.end || current.seen) return;
    setShownEnd(current);
    markSentSeen([current.hash]);
  }, [current]);
  if (!record) return null;
  const what = describeRecord(record);
  const last = (record.death - 1).toLocaleString('en-US');
  const block = (n: number) => `#${n.toLocaleString('en-US')}`;
  let text: string;
  let tone = 'muted';
  if (record.end?.kind === 'succeeded') {
    text = `Your ${what} ran in block ${block(record.end.block)}.`;
    tone = 'ok';
  } else if (record.end?.kind === 'failed') {
    text = `Your ${what} failed in block ${block(record.end.block)}: ${record.end.reason}`;
    tone = 'error';
  } else if (record.end?.kind === 'expired') {
    text = `Your ${what} was not included by block ${block(record.end.block)}, the last its signature allowed: it can never run, and nothing was spent.`;
  } else if (looking && 'why' in looking) {
    text = `Your ${what} is pending. Still looking for it: ${looking.why}`;
  } else if (looking) {
    text =
      looking.to >= looking.from
        ? `Your ${what} is pending. Still looking for it in the chain's final blocks: searched ${block(looking.from)} to ${block(looking.to)}; it can be included up to block #${last}.`
        : `Your ${what} is pending. Still looking for it: its first block, ${block(looking.from)}, is not final yet.`;
  } else {
    text = `Your ${what} is pending.`;
  }
  return (
    <p className={`small ${tone}`} role="status" data-testid="sent-transaction">
      {text}
    </p>
  );
}
