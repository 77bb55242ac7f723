import { NetworkDisconnectedError } from 'dedot';
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
import { type Mortality, mortalityOfSigned } from '../model/mortality.ts';
import type { Submittable, TxResult } from '../model/transaction.ts';
import type { SentTransaction } from '../queries/find-transaction.ts';
import { fetchNextAccountIndex } from '../queries/next-account-index.ts';

export const CONNECTION_LOST =
  'The connection to the parachain was lost before the transaction was sent. Nothing was sent: try again once the connection is back.';
export const CONNECTION_LOST_PENDING =
  'The connection to the parachain was lost while the transaction was pending. It may still be included: check the result once the connection is back before trying again.';

export const RUNTIME_UPGRADED =
  'The network was upgraded while this transaction was being signed, so the node refused it. Nothing was sent: sign it again.';

export type TxPhase = 'signing' | 'broadcast' | 'in-block';

/**
 * How long a transaction the app builds stays valid: 64 blocks, minutes on Robonomics. Past its
 * window a transaction the chain never included can never run, so "not included, nothing spent"
 * can be known for sure (docs/transactions.md).
 */
export const MORTAL_BLOCKS = 64;

/** A transaction signed and about to be sent: what the app keeps to find its end. */
export interface SentInfo extends SentTransaction {
  sender: string;
  nonce: number;
}

/**
 * The link to the node dropped after the transaction was handed to it: it may have been
 * included. Its end is found in the chain's blocks once the link is back (find-transaction.ts).
 */
export class TxOutcomeUnknownError extends TxFailedError {
  readonly sent: SentInfo;
  constructor(sent: SentInfo) {
    super(CONNECTION_LOST_PENDING, 'Tx.OutcomeUnknown');
    this.name = 'TxOutcomeUnknownError';
    this.sent = sent;
  }
}

/**
 * How the app follows a transaction to its end across dropped links, reloads and closed tabs
 * (docs/transactions.md): each hook is optional.
 */
export interface Tracking {
  /**
   * The nonce to sign with, given the node's next one: an earlier transaction that may still land
   * can lend its own, so that only one of the two can ever run.
   */
  nonce?(sender: string, next: number): number | Promise<number>;
  /**
   * The transaction is signed and about to be handed to the node: a record kept here outlives a
   * tab closed or a link dropped on its way.
   */
  onSent?(sent: SentInfo): void;
  /**
   * The status stream settled it: ran in a block, failed in one (`inBlock`), or was refused by the
   * node when it was handed over.
   */
  onEnd?(sent: SentInfo, end: { result: TxResult } | { error: Error; inBlock: boolean }): void;
  /**
   * The end as found in the chain's blocks, raced with the node's status stream from the
   * hand-over on: it settles the transaction when the link drops (instead of
   * TxOutcomeUnknownError) or when the node goes silent about it (a transaction it swallowed ends
   * once its window has passed).
   */
  foundEnd?(sent: SentInfo): Promise<TxResult>;
  /** The link dropped after the hand-over: the node will tell nothing more of it. */
  onLinkLost?(sent: SentInfo): void;
}

export interface SendOptions {
  /** The wallet signer, when `from` is an address whose key lives in an extension. */
  signer?: InjectedSigner;
  onPhase?: (phase: TxPhase) => void;
  tracking?: Tracking;
  /** The signature's window in blocks (MORTAL_BLOCKS by default). */
  mortalBlocks?: number;
}

/**
 * Signs and sends a transaction and resolves once its block's events say it succeeded.
 * Inclusion alone is not trusted: ExtrinsicFailed rejects with the module error's docs.
 * A refused signature rejects with TxCancelledError; a link dropped once the transaction was
 * handed over rejects with TxOutcomeUnknownError, which carries what finds its end.
 */
export async function sendTransaction(
  client: RobonomicsClient,
  tx: Submittable,
  from: string | IKeyringPair,
  { signer, onPhase, tracking = {}, mortalBlocks = MORTAL_BLOCKS }: SendOptions = {},
): Promise<TxResult> {
  const address = typeof from === 'string' ? from : from.address;
  // What the signature commits to: the runtime's description, checked against the build's pin
  // (CheckMetadataHash mode 1); a refused description stops here, before anything is signed.
  const signing = await signingMetadataOf(client).catch((error: unknown) => {
    throw new TxFailedError((error as Error).message);
  });
  const metadataHash = metadataHashToSign(signing);
  // Pool-aware nonce: a second send while the first is pending must not reuse its nonce.
  const next = await fetchNextAccountIndex(client, address);
  const nonce = tracking.nonce ? await tracking.nonce(address, next) : next;
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
  try {
    await tx.sign(from, {
      signer,
      nonce,
      metadataHash,
      mortality: { type: 'Mortal', period: mortalBlocks },
    } as Parameters<Submittable['sign']>[1]);
  } catch (error) {
    if (isUserRejection(error)) throw new TxCancelledError();
    throw await refusal(error instanceof Error ? error.message : String(error));
  }
  const sent: SentInfo = {
    hash: (tx as unknown as { hash: `0x${string}` }).hash,
    genesisHash: client.genesisHash,
    mortality: mortalityOf(client, tx),
    sender: address,
    nonce,
  };
  tracking.onSent?.(sent);
  let inBlock = false;
  const ended = new Promise<TxResult>((resolve, reject) => {
    let settled = false;
    let stopWatching: (() => Promise<void>) | null = null;
    // A dropped socket ends the status subscription for good. Once the transaction was handed to
    // the node, it may have been included: its end is found in the blocks, not guessed.
    const linkLost = () => {
      if (settled) return;
      tracking.onLinkLost?.(sent);
      if (!tracking.foundEnd) finish(() => reject(new TxOutcomeUnknownError(sent)));
    };
    const stopListening = client.provider.on('disconnected', linkLost);
    tracking.foundEnd?.(sent).then(
      (result) => finish(() => resolve(result)),
      (error: unknown) => finish(() => reject(error)),
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      void stopWatching?.().catch(() => {});
      outcome();
    };
    if (client.provider.status !== 'connected') {
      finish(() => reject(new TxFailedError(CONNECTION_LOST)));
      return;
    }
    tx.send((result) => {
      const { status } = result;
      if (status.type === 'Broadcasting' || status.type === 'Validated') onPhase?.('broadcast');
      if (status.type === 'Invalid' || status.type === 'Drop') {
        void refusal(`1010: ${status.value.error}`).then((error) => finish(() => reject(error)));
      } else if (status.type === 'BestChainBlockIncluded' || status.type === 'Finalized') {
        onPhase?.('in-block');
        inBlock = true;
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
        // The link dropped with the submission under way (dedot rejects it once the link is
        // back, as a submission is never sent twice): the node may have it all the same.
        if (error instanceof NetworkDisconnectedError || client.provider.status !== 'connected') {
          linkLost();
          return;
        }
        void refusal(error instanceof Error ? error.message : String(error)).then((failure) =>
          finish(() => reject(failure)),
        );
      },
    );
  });
  return ended.then(
    (result) => {
      tracking.onEnd?.(sent, { result });
      return result;
    },
    (error: unknown) => {
      // A failure whose end is still unknown (the link dropped, nobody followed it) is no end.
      if (!(error instanceof TxOutcomeUnknownError)) {
        tracking.onEnd?.(sent, { error: error as Error, inBlock });
      }
      throw error;
    },
  );
}

/**
 * The signed transaction's window, from its era; unreadable, one that never ends (its end is then
 * only ever found in a block, never known to be past).
 */
function mortalityOf(client: RobonomicsClient, tx: Submittable): Mortality {
  const names = client.registry.metadata.extrinsic.signedExtensions.map((e) => e.ident);
  const extra = (tx as unknown as { signature?: { extra?: unknown[] } }).signature?.extra;
  return (
    mortalityOfSigned(names, extra) ?? {
      birth: 0,
      death: Number.MAX_SAFE_INTEGER,
    }
  );
}
