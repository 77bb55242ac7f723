import { blake2AsHex } from '@dedot/utils';
import type { Submittable } from '@robonomics-dapp/robonomics/chain/model/transaction';
import { recordsOf } from '../storage/sent-transactions.ts';
import { useSentTransactions } from '../stores/sent-transactions.ts';
import { formatTime } from '../time/format-date.ts';

/**
 * The same action signed twice in a row (docs/transactions.md): a second tap on a button whose
 * first transaction is still on its way, or ran a moment ago, is asked about before anything is
 * signed again.
 */

/** How recent a first signature must be for a second one to be asked about. */
const REPEAT_WINDOW_MS = 2 * 60_000;

/** blake2-256 of the call a transaction makes (what it does, whoever signs it and when). */
export function callHashOf(tx: Submittable): `0x${string}` | undefined {
  const hex = (tx as unknown as { callHex?: string }).callHex;
  return typeof hex === 'string' ? blake2AsHex(hex, 256) : undefined;
}

/**
 * True to go ahead: no recent record makes this call, or the user confirmed signing it again.
 */
export function confirmRepeat(
  genesisHash: string,
  sender: string,
  callHash: `0x${string}` | undefined,
  now = Date.now(),
  ask: (question: string) => boolean = (question) => globalThis.confirm?.(question) ?? true,
): boolean {
  if (!callHash) return true;
  const last = recordsOf(useSentTransactions.getState().records, genesisHash, sender).find(
    (r) => r.callHash === callHash && now - r.sentAt < REPEAT_WINDOW_MS,
  );
  if (!last || last.end?.kind === 'failed' || last.end?.kind === 'expired' || last.refused) {
    return true;
  }
  const state =
    last.end?.kind === 'succeeded'
      ? `it ran in block #${last.end.block.toLocaleString('en-US')}`
      : 'its outcome is not known yet';
  return ask(
    `You signed the same ${last.what} at ${formatTime(last.sentAt)}, and ${state}. Sign it again?`,
  );
}
