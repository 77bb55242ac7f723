import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { rwsTransferTx } from '@robonomics-dapp/robonomics/chain/tx/rws-transfer';
import {
  TARGET_HAS_SUBSCRIPTION,
  transferTargetProblem,
} from '@robonomics-dapp/robonomics/rws/transfer';
import { writeSubscriptionMove } from '../storage/subscription-moves.ts';
import { useChain } from '../stores/chain-store.ts';
import { readyClient, sendAction } from './send-action.ts';

/**
 * Checks a subscription's new owner on the chain, before anything is signed: a Robonomics
 * address, not the owner, with no subscription of its own. Returns the owner's ledger (what
 * moves) or throws the problem in words.
 */
export async function checkTransfer(owner: string, target: string): Promise<SubscriptionLedger> {
  const problem = transferTargetProblem(target, owner);
  if (problem) throw new Error(problem);
  const client = readyClient();
  const [theirs, ours] = await Promise.all([
    fetchLedger(client, target.trim()),
    fetchLedger(client, owner),
  ]);
  if (theirs) throw new Error(TARGET_HAS_SUBSCRIPTION);
  if (!ours) throw new Error('This account has no subscription to transfer any more.');
  return ours;
}

/** Signs rws.transfer(target) with the wallet's account (the owner) and records where it went. */
export async function transferSubscription(
  owner: string,
  target: string,
  onSigned: () => void,
): Promise<void> {
  const to = target.trim();
  await sendAction({ call: (c) => rwsTransferTx(c, to), onSigned });
  writeSubscriptionMove(useChain.getState().endpoint, owner, { to, at: Date.now() });
}
