import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { decodeLedger, ledgerFact } from '@robonomics-dapp/robonomics/chain/queries/decision-facts';
import { rwsTransferTx } from '@robonomics-dapp/robonomics/chain/tx/rws-transfer';
import {
  TARGET_HAS_SUBSCRIPTION,
  transferTargetProblem,
} from '@robonomics-dapp/robonomics/rws/transfer';
import { checkDecisionFacts, type FactsCheck } from '../chain/second-opinion.ts';
import { writeSubscriptionMove } from '../storage/subscription-moves.ts';
import { useChain } from '../stores/chain-store.ts';
import { readyClient, sendAction } from './send-action.ts';

/**
 * Checks a subscription's new owner on the chain, before anything is signed: a Robonomics
 * address, not the owner, with no subscription of its own. Both subscriptions are read at the
 * final block and compared with a second node's (docs/security.md): the transfer is decided from
 * those bytes alone. Returns the owner's ledger (what moves) with how the facts were checked, or
 * throws the problem in words.
 */
export async function checkTransfer(
  owner: string,
  target: string,
): Promise<{ ledger: SubscriptionLedger; checked: FactsCheck }> {
  const problem = transferTargetProblem(target, owner);
  if (problem) throw new Error(problem);
  const client = readyClient();
  const checked = await checkDecisionFacts(client, [
    ledgerFact(client, owner, 'the subscription'),
    ledgerFact(client, target.trim(), "the new owner's subscription"),
  ]);
  const [ours, theirs] = checked.check.values.map((value) => decodeLedger(client, value));
  if (theirs) throw new Error(TARGET_HAS_SUBSCRIPTION);
  if (!ours) throw new Error('This account has no subscription to transfer any more.');
  return { ledger: ours, checked };
}

/** Signs rws.transfer(target) with the wallet's account (the owner) and records where it went. */
export async function transferSubscription(
  owner: string,
  target: string,
  onSigned: () => void,
): Promise<void> {
  const to = target.trim();
  await sendAction({
    call: (c) => rwsTransferTx(c, to),
    onSigned,
    purpose: 'subscription transfer',
    what: 'transfer of the subscription',
  });
  writeSubscriptionMove(useChain.getState().endpoint, owner, { to, at: Date.now() });
}
