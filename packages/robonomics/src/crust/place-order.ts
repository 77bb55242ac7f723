import type { DispatchError } from 'dedot/codecs';
import type { IKeyringPair } from 'dedot/types';
import { describeSubmitError, TxFailedError } from '../chain/errors.ts';
import type { CrustClient } from './client.ts';
import { crustFileKey } from './file-info.ts';

export const CRUST_CONNECTION_LOST =
  'The connection to the Crust network was lost while the order was pending. It may still be included: check the file before ordering again.';

/** Words for the market's errors when the node's metadata carries no docs for them. */
const MARKET_ERRORS: Record<string, string> = {
  InsufficientCurrency: 'The Crust account does not have enough CRU for this order.',
  FileSizeNotCorrect: 'The size does not match the size already ordered for this file.',
  FileTooLarge: 'The file is larger than the Crust market accepts.',
  PlaceOrderNotAvailable: 'The Crust market does not take orders now.',
  FileNotExist: 'This file has no order on Crust.',
};

/**
 * A failed order in words: the module error's docs, else the words above for the market's
 * errors, else "Error" (SPEC §8).
 */
export function describeCrustError(client: CrustClient, error: DispatchError): TxFailedError {
  if (error.type === 'Module') {
    const meta = client.registry.findErrorMeta(error);
    if (!meta) return new TxFailedError('Error');
    const docs = meta.docs.join(' ').trim();
    const known = meta.pallet === 'Market' ? MARKET_ERRORS[meta.name] : undefined;
    return new TxFailedError(docs || known || 'Error', `${meta.pallet}.${meta.name}`);
  }
  return new TxFailedError('Error', error.type);
}

/** A JSON-RPC refusal with its data: "1010: Invalid Transaction: Inability to pay some fees…". */
function submitErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const data = (error as { data?: unknown }).data;
  return typeof data === 'string' && data ? `${error.message}: ${data}` : error.message;
}

/**
 * market.place_storage_order(cid, size, tips 0, memo ""), signed on Crust, resolved once in a
 * block; a failure rejects with the module error's docs, else "Error". Refusals of the pool
 * (an account that cannot pay the fee…) are put in words.
 */
export function placeStorageOrder(
  client: CrustClient,
  pair: IKeyringPair,
  cid: string,
  size: number,
): Promise<void> {
  if (!Number.isSafeInteger(size) || size <= 0) {
    return Promise.reject(new TxFailedError('The file size must be a positive number of bytes.'));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let unsub: (() => Promise<void>) | null = null;
    const stopListening = client.provider.on('disconnected', () =>
      finish(() => reject(new TxFailedError(CRUST_CONNECTION_LOST))),
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      void unsub?.().catch(() => {});
      outcome();
    };
    client.tx.market
      .placeStorageOrder(crustFileKey(cid), BigInt(size), 0n, '0x')
      .signAndSend(pair, (result) => {
        const { status, dispatchError } = result;
        if (status.type === 'Invalid' || status.type === 'Drop') {
          finish(() => reject(describeSubmitError(`1010: ${status.value.error}`)));
        } else if (status.type === 'BestChainBlockIncluded' || status.type === 'Finalized') {
          finish(() =>
            dispatchError ? reject(describeCrustError(client, dispatchError)) : resolve(),
          );
        }
      })
      .then(
        (u) => {
          unsub = u;
          if (settled) void u().catch(() => {});
        },
        (error: unknown) => finish(() => reject(describeSubmitError(submitErrorText(error)))),
      );
  });
}
