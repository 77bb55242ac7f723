import type { IKeyringPair, InjectedSigner } from 'dedot/types';
import { metadataHashToSign, signingMetadataOf } from '../metadata/signing-registry.ts';
import type { RobonomicsClient } from '../model/client-type.ts';
import {
  describeDispatchError,
  describeSubmitError,
  isUserRejection,
  TxCancelledError,
  TxFailedError,
} from '../model/errors.ts';
import type { Submittable, TxResult } from '../model/transaction.ts';
import { fetchNextAccountIndex } from '../queries/next-account-index.ts';

export const CONNECTION_LOST =
  'The connection to the parachain was lost before the transaction was sent. Nothing was sent: try again once the connection is back.';
export const CONNECTION_LOST_PENDING =
  'The connection to the parachain was lost while the transaction was pending. It may still be included: check the result once the connection is back before trying again.';

export const RUNTIME_UPGRADED =
  'The network was upgraded while this transaction was being signed, so the node refused it. Nothing was sent: sign it again.';

export type TxPhase = 'signing' | 'broadcast' | 'in-block';

export interface SendOptions {
  /** The wallet signer, when `from` is an address whose key lives in an extension. */
  signer?: InjectedSigner;
  onPhase?: (phase: TxPhase) => void;
}

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
  // What the signature commits to: the runtime's description, checked against the build's pin
  // (CheckMetadataHash mode 1); a refused description stops here, before anything is signed.
  const signing = await signingMetadataOf(client).catch((error: unknown) => {
    throw new TxFailedError((error as Error).message);
  });
  const metadataHash = metadataHashToSign(signing);
  // Pool-aware nonce: a second send while the first is pending must not reuse its nonce.
  const nonce = await fetchNextAccountIndex(client, address);
  // What the transaction is signed for: a runtime upgrade before it reaches the node makes the
  // node refuse it (its signature covers the spec version), never run it under the new rules.
  const signedFor = client.runtimeVersion.specVersion;
  // The node may refuse it before the client has seen the upgrade: ask the node itself.
  const refusal = async (message: string) => {
    const now = await client.rpc
      .state_getRuntimeVersion()
      .then((version) => version.specVersion)
      .catch(() => client.runtimeVersion.specVersion);
    return now !== signedFor
      ? new TxFailedError(RUNTIME_UPGRADED, 'Runtime.Upgraded')
      : describeSubmitError(message);
  };
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
    tx.signAndSend(from, { signer, nonce, metadataHash }, (result) => {
      const { status } = result;
      submitted = true;
      if (status.type === 'Broadcasting' || status.type === 'Validated') onPhase?.('broadcast');
      if (status.type === 'Invalid' || status.type === 'Drop') {
        void refusal(`1010: ${status.value.error}`).then((error) => finish(() => reject(error)));
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
        if (isUserRejection(error)) {
          finish(() => reject(new TxCancelledError()));
          return;
        }
        void refusal(error instanceof Error ? error.message : String(error)).then((failure) =>
          finish(() => reject(failure)),
        );
      },
    );
  });
}
