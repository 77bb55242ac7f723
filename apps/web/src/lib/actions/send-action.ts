import type {
  RobonomicsClient,
  RuntimeCallLike,
} from '@robonomics-dapp/robonomics/chain/model/client-type';
import { notReadyText, TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import type { Submittable, TxResult } from '@robonomics-dapp/robonomics/chain/model/transaction';
import { sendTransaction } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { throughSubscription } from '@robonomics-dapp/robonomics/chain/tx/through-subscription';
import type { IKeyringPair } from 'dedot/types';
import type { SentPurpose } from '../storage/sent-transactions.ts';
import { useChain } from '../stores/chain-store.ts';
import { type TxOrigin, useWallet } from '../wallet/wallet-store.ts';
import { chainUnavailableText } from './chain-unavailable.ts';
import { trackedAs } from './follow-transactions.ts';
import { callHashOf, confirmRepeat } from './repeat-check.ts';

/**
 * The one way the app sends a transaction (docs/architecture.md, "Actions"): the chain must be
 * ready and a signer known (checked once, here, with the same words everywhere); the call is
 * wrapped in rws.call when a device pays through its owner's subscription; then it is signed,
 * sent and followed until its block's events settle it. Failures are typed: ChainNotReadyError,
 * NoSignerError, TxCancelledError (the user declined: a cancel, not an error) and TxFailedError.
 */

/** The words when no account can sign (docs/product-rules.md). */
export const NO_SIGNER_TEXT = 'Signer required';

export class ChainNotReadyError extends Error {
  override readonly name = 'ChainNotReadyError';
  /** Why, in the user's words: the node cannot be reached, or is still connecting. */
  readonly reason: string;
  constructor(reason: string) {
    super(notReadyText(reason));
    this.reason = reason;
  }
}

export class NoSignerError extends Error {
  override readonly name = 'NoSignerError';
  constructor() {
    super(`${NO_SIGNER_TEXT}: connect an account first.`);
  }
}

/** Who signs: the wallet's chosen account, or a key the app holds (a user key, a new account). */
export type ActionSigner = 'wallet' | IKeyringPair;

/** Why the chain cannot be used now, in the user's words; null when it can. */
export function notReadyReason(): string | null {
  const chain = useChain.getState();
  return chain.client ? null : chainUnavailableText(chain);
}

/** The connected client, or ChainNotReadyError saying why there is none. */
export function readyClient(): RobonomicsClient {
  const chain = useChain.getState();
  if (!chain.client) throw new ChainNotReadyError(chainUnavailableText(chain));
  return chain.client;
}

/** What signs and how: a key held here, or the wallet's account with its extension's signer. */
export function originOf(signer: ActionSigner): TxOrigin {
  if (signer !== 'wallet') return { from: signer };
  const origin = useWallet.getState().origin();
  if (!origin) throw new NoSignerError();
  return origin;
}

export interface Action {
  /** The call, built on the ready client. */
  call(
    client: RobonomicsClient,
  ): (Submittable & { call: RuntimeCallLike }) | Promise<Submittable & { call: RuntimeCallLike }>;
  /** Who signs; the wallet's chosen account by default. */
  signer?: ActionSigner;
  /**
   * The owner whose subscription pays: the call goes through rws.call when the signer is one of
   * the owner's devices, directly when the signer is the owner; null or absent: directly.
   */
  payer?: string | null;
  /** The payer's device list as the page holds it, so it is not read again. */
  payerDevices?: readonly string[];
  /** Called once the transaction is signed and sent (the wait for its block begins). */
  onSigned?(): void;
  /** What the transaction is for: its record says so until its end is known. */
  purpose: SentPurpose;
  /** The same in the user's words ("a launch of the living-room light"). */
  what: string;
}

export async function sendAction(action: Action): Promise<TxResult> {
  const client = readyClient();
  const origin = originOf(action.signer ?? 'wallet');
  const tx = await action.call(client);
  const sent = action.payer
    ? await throughSubscription(client, tx, origin.from, action.payer, {
        devices: action.payerDevices,
      })
    : tx;
  const callHash = callHashOf(sent);
  const sender = typeof origin.from === 'string' ? origin.from : origin.from.address;
  if (!confirmRepeat(client.genesisHash, sender, callHash)) throw new TxCancelledError();
  return sendTransaction(client, sent, origin.from, {
    signer: origin.signer,
    onPhase: (phase) => phase === 'broadcast' && action.onSigned?.(),
    tracking: trackedAs(action.purpose, action.what, callHash),
  });
}

/**
 * A sender for flows made of several calls (a twin created, then its id read): each call they
 * hand over goes as an action with these options.
 */
export function actionSender(options: Omit<Action, 'call'>) {
  return (tx: Submittable & { call: RuntimeCallLike }): Promise<TxResult> =>
    sendAction({ ...options, call: () => tx });
}
