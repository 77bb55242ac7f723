import type { RobonomicsClient, RuntimeCallLike } from '@robonomics-dapp/robonomics/chain/client';
import {
  type Submittable,
  sendTransaction,
  type TxResult,
} from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { throughSubscription } from '@robonomics-dapp/robonomics/chain/tx/through-subscription';
import type { IKeyringPair } from 'dedot/types';
import { useWallet } from './wallet/wallet-store.ts';

/**
 * Sends a call through `owner`'s subscription when one is given and the signer is not that
 * owner, else directly. The signer is `pair` when given (the signed-in user key), else the
 * connected wallet account.
 */
export async function sendForSubscription(
  client: RobonomicsClient | null,
  tx: Submittable & { call: RuntimeCallLike },
  owner: string | null,
  onSigned?: () => void,
  pair?: IKeyringPair,
): Promise<TxResult> {
  if (!client) throw new Error('Parachain is not ready.');
  const origin = pair ? { from: pair, signer: undefined } : useWallet.getState().origin();
  if (!origin) throw new Error('Signer required');
  const wrapped = owner ? await throughSubscription(client, tx, origin.from, owner) : tx;
  return sendTransaction(client, wrapped, origin.from, {
    signer: origin.signer,
    onPhase: (phase) => phase === 'broadcast' && onSigned?.(),
  });
}
