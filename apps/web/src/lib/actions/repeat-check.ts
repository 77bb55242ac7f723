import { blake2AsHex } from '@dedot/utils';
import type { Submittable } from '@robonomics-dapp/robonomics/chain/model/transaction';
import { recordsOf } from '../storage/sent-transactions.ts';
import { useSentTransactions } from '../stores/sent-transactions.ts';
import { formatTime } from '../time/format-date.ts';

/**
 * The same action signed twice in a row (docs/transactions.md): a second tap on a button whose
 * first transaction is still on its way is asked about before anything is signed again (the
 * second takes the first one's nonce, so at most one of them runs).
 */

/** blake2-256 of the call a transaction makes (what it does, whoever signs it and when). */
export function callHashOf(tx: Submittable): `0x${string}` | undefined {
  const hex = (tx as unknown as { callHex?: string }).callHex;
  return typeof hex === 'string' ? blake2AsHex(hex, 256) : undefined;
}

/**
 * True to go ahead: no transaction of this account making the same call is still on its way, or
 * the user confirmed signing it again.
 */
export function confirmRepeat(
  genesisHash: string,
  sender: string,
  callHash: `0x${string}` | undefined,
  ask: (question: string) => boolean = (question) => globalThis.confirm?.(question) ?? true,
): boolean {
  if (!callHash) return true;
  const last = recordsOf(useSentTransactions.getState().records, genesisHash, sender).find(
    (r) => r.callHash === callHash,
  );
  // Only one still on its way: one that ran or ended may well be meant to be done again.
  if (!last || last.end || last.refused) return true;
  return ask(
    `You signed the same ${last.what} at ${formatTime(last.sentAt)} and its outcome is not known yet. Sign it again? At most one of the two can run.`,
  );
}
