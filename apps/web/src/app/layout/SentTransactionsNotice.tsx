import { shortAddress } from '@robonomics-dapp/robonomics/chain/model/short-address';
import { sameGenesis } from '@robonomics-dapp/robonomics/chain/network/genesis-hash';
import { useEffect } from 'react';
import {
  describeRecord,
  startFollowingTransactions,
} from '../../lib/actions/follow-transactions.ts';
import type { SentRecord } from '../../lib/storage/sent-transactions.ts';
import { useChain } from '../../lib/stores/chain-store.ts';
import { markSentSeen, useSentTransactions } from '../../lib/stores/sent-transactions.ts';

/** One ended transaction in words: what it was, who signed it, and how it ended. */
function endText(record: SentRecord): string {
  const who = shortAddress(record.sender);
  const what = `The ${describeRecord(record)} by ${who}`;
  const end = record.end!;
  const block = `#${end.block.toLocaleString('en-US')}`;
  if (end.kind === 'succeeded') return `${what} ran in block ${block}.`;
  if (end.kind === 'failed') return `${what} failed in block ${block}: ${end.reason}`;
  return `${what} was not included by block ${block}: nothing was spent.`;
}

/**
 * Loaded once a node is connected (it brings the block search); default export for lazy().
 *
 * Transactions whose end became known while the user was elsewhere (a closed tab, a reload, another
 * page): listed under the header until dismissed (docs/transactions.md). Also says when kept
 * records could not be read, or the browser keeps none.
 */
export default function SentTransactionsNotice() {
  // Transactions are followed while the app runs, from the moment a node is connected.
  useEffect(() => startFollowingTransactions(), []);
  const genesisHash = useChain((s) =>
    s.network?.kind === 'known' || s.network?.kind === 'unknown' ? s.network.genesisHash : null,
  );
  const records = useSentTransactions((s) => s.records);
  const unreadable = useSentTransactions((s) => s.unreadable);
  const unkept = useSentTransactions((s) => s.unkept);
  const ended = genesisHash
    ? records.filter((r) => r.end && !r.seen && sameGenesis(r.genesisHash, genesisHash))
    : [];
  if (ended.length === 0 && unreadable === 0 && !unkept) return null;
  return (
    <section
      className="card stack-s page-notice"
      aria-label="Your transactions"
      data-testid="sent-notice"
    >
      {ended.map((record) => (
        <p key={record.hash} className="small" role="status">
          {endText(record)}
        </p>
      ))}
      {unreadable > 0 && (
        <p className="small notice-warn">
          {unreadable === 1
            ? 'A record of a transaction kept in this browser could not be read: it was removed, and its end is not followed.'
            : `${unreadable} records of transactions kept in this browser could not be read: they were removed, and their ends are not followed.`}
        </p>
      )}
      {unkept && (
        <p className="small notice-warn">
          This browser does not let the app keep what it signs: if this tab closes before a
          transaction's end is known, the app cannot look for it later.
        </p>
      )}
      {ended.length > 0 && (
        <button
          type="button"
          className="button"
          onClick={() => markSentSeen(ended.map((r) => r.hash))}
        >
          Dismiss
        </button>
      )}
    </section>
  );
}
