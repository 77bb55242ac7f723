import type {
  IKeyringPair,
  InjectedSigner,
  ISubmittableExtrinsic,
  ISubmittableResult,
} from 'dedot/types';
import type { RobonomicsClient } from '../client.ts';
import {
  describeDispatchError,
  describeSubmitError,
  isUserRejection,
  TxCancelledError,
  TxFailedError,
} from '../errors.ts';
import { fetchNextAccountIndex } from '../queries/next-account-index.ts';

export const CONNECTION_LOST =
  'The connection to the parachain was lost before the transaction was sent. Nothing was sent: try again once the connection is back.';
export const CONNECTION_LOST_PENDING =
  'The connection to the parachain was lost while the transaction was pending. It may still be included: check the result once the connection is back before trying again.';

export type TxPhase = 'signing' | 'broadcast' | 'in-block';

export interface TxResult {
  txHash: string;
  blockHash: string;
  blockNumber: number;
  txIndex: number;
}

export interface SendOptions {
  /** The wallet signer, when `from` is an address whose key lives in an extension. */
  signer?: InjectedSigner;
  onPhase?: (phase: TxPhase) => void;
}

/** Any transaction built from `client.tx.<pallet>.<call>(…)`. */
export type Submittable = ISubmittableExtrinsic<ISubmittableResult>;

/**
 * Signs and sends a transaction and resolves once its block's events say it succeeded.
 * Inclusion alone is not trusted: ExtrinsicFailed rejects with the module error's docs.
 * A refused signature rejects with TxCancelledError.
 */
export async function sendTransaction(
  client: RobonomicsClient,
  tx: Submittable,
  from: string | IKeyringPair,
  { signer, onPhase }: SendOptions = {},
): Promise<TxResult> {
  const address = typeof from === 'string' ? from : from.address;
  // Pool-aware nonce: a second send while the first is pending must not reuse its nonce.
  const nonce = await fetchNextAccountIndex(client, address);
  onPhase?.('signing');
  return new Promise<TxResult>((resolve, reject) => {
    let settled = false;
    let stopWatching: (() => Promise<void>) | null = null;
    let submitted = false;
    // A dropped socket ends the status subscription for good: say so instead of waiting forever.
    const stopListening = client.provider.on('disconnected', () =>
      finish(() =>
        reject(new TxFailedError(submitted ? CONNECTION_LOST_PENDING : CONNECTION_LOST)),
      ),
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      void stopWatching?.().catch(() => {});
      outcome();
    };
    tx.signAndSend(from, { signer, nonce }, (result) => {
      const { status } = result;
      submitted = true;
      if (status.type === 'Broadcasting' || status.type === 'Validated') onPhase?.('broadcast');
      if (status.type === 'Invalid' || status.type === 'Drop') {
        finish(() => reject(describeSubmitError(`1010: ${status.value.error}`)));
      } else if (status.type === 'BestChainBlockIncluded' || status.type === 'Finalized') {
        onPhase?.('in-block');
        if (result.dispatchError) {
          finish(() => reject(describeDispatchError(client, result.dispatchError!)));
        } else {
          const { blockHash, blockNumber, txIndex } = status.value;
          finish(() => resolve({ txHash: result.txHash, blockHash, blockNumber, txIndex }));
        }
      }
    }).then(
      (unsub) => {
        stopWatching = unsub;
        if (settled) void unsub().catch(() => {});
      },
      (error: unknown) => {
        finish(() =>
          reject(
            isUserRejection(error)
              ? new TxCancelledError()
              : describeSubmitError(error instanceof Error ? error.message : String(error)),
          ),
        );
      },
    );
  });
}
