import * as $ from 'dedot/shape';
import { decodeAddress, hexToU8a, u8aToHex } from 'dedot/utils';
import { describeSubmitError, TxFailedError } from '../chain/model/errors.ts';
import { isCidV0 } from '../ipfs/cid.ts';
import { type CrustClient, fetchRuntimeVersion } from './client.ts';
import {
  assembleExtrinsic,
  type CrustSigner,
  placeStorageOrderCall,
  type SigningContext,
  signExtrinsic,
} from './extrinsic.ts';
import { findExtrinsicOutcome } from './order-outcome.ts';
import { plainKey, readStorage } from './storage.ts';

export const CRUST_CONNECTION_LOST =
  'The connection to the Crust network was lost while the order was pending. It may still be included: check the file before ordering again.';
export const NOT_A_CID = 'This is not an IPFS content id (CID).';
export const NOT_A_SIZE = 'The file size must be a positive number of bytes.';
export const OUTCOME_UNKNOWN =
  'The order is in a block, but its outcome cannot be read. Check the file before ordering again.';

/** Words for the market's errors when the node's metadata carries no docs for them. */
const MARKET_ERRORS: Record<string, string> = {
  InsufficientCurrency: 'The Crust account does not have enough CRU for this order.',
  FileSizeNotCorrect: 'The size does not match the size already ordered for this file.',
  FileTooLarge: 'The file is larger than the Crust market accepts.',
  PlaceOrderNotAvailable: 'The Crust market does not take orders now.',
  FileNotExist: 'This file has no order on Crust.',
};

/** What the apps order: a CIDv0 (Qm…) or a base32 CIDv1 (b…), as text. */
export function isOrderableCid(text: string): boolean {
  return isCidV0(text) || /^b[a-z2-7]{58,}$/.test(text);
}

/** The order's checks before anything is signed: bad input is refused in words. */
function checkOrder(cid: string, size: number): void {
  if (!isOrderableCid(cid.trim())) throw new TxFailedError(NOT_A_CID);
  if (!Number.isSafeInteger(size) || size <= 0) throw new TxFailedError(NOT_A_SIZE);
}

/** Nonce, runtime version and a mortal era from the best block: what a signature covers. */
async function signingContext(client: CrustClient, address: string): Promise<SigningContext> {
  const { provider } = client;
  const [version, nonce, header] = await Promise.all([
    fetchRuntimeVersion(client),
    provider.send<number>('system_accountNextIndex', [address]),
    provider.send<{ number: string }>('chain_getHeader', []),
  ]);
  const current = Number.parseInt(header.number, 16);
  const birthHash = await provider.send<`0x${string}`>('chain_getBlockHash', [current]);
  return {
    genesisHash: client.genesisHash,
    specVersion: version.specVersion,
    transactionVersion: version.transactionVersion,
    nonce,
    era: { period: 64, current, birthHash },
  };
}

/** TransactionPaymentApi_query_info: the partial fee is the last 16 bytes (u128) of its answer. */
async function queryFee(client: CrustClient, extrinsic: Uint8Array): Promise<bigint> {
  const input = new Uint8Array([...extrinsic, ...$.u32.encode(extrinsic.length)]);
  const answer = hexToU8a(
    await client.provider.send<string>('state_call', [
      'TransactionPaymentApi_query_info',
      u8aToHex(input),
    ]),
  );
  let fee = 0n;
  for (let i = answer.length - 1; i >= answer.length - 16; i--)
    fee = (fee << 8n) | BigInt(answer[i]!);
  return fee;
}

/**
 * The transaction fee of market.place_storage_order(cid, size, 0, "") for `address`, as the
 * node computes it for the same bytes (a placeholder signature of the real length).
 */
export async function estimateOrderFee(
  client: CrustClient,
  address: string,
  cid: string,
  size: number,
): Promise<bigint> {
  checkOrder(cid, size);
  const ctx = await signingContext(client, address);
  const call = placeStorageOrderCall(client.chain, cid.trim(), BigInt(size));
  const placeholder = new Uint8Array(65);
  placeholder[0] = 1;
  return queryFee(
    client,
    assembleExtrinsic(client.chain, decodeAddress(address), placeholder, call, ctx),
  );
}

/** The failed order in words: the module error's docs, else the words above, else "Error". */
function describeFailure(
  client: CrustClient,
  module: { pallet: number; error: number } | null,
): TxFailedError {
  if (!module) return new TxFailedError('Error');
  const meta = client.chain.errorDocs(module.pallet, module.error);
  if (!meta) return new TxFailedError('Error');
  const isMarket = module.pallet === client.chain.placeStorageOrder[0];
  const text = meta.docs || (isMarket ? MARKET_ERRORS[meta.name] : undefined) || 'Error';
  return new TxFailedError(text, `${isMarket ? 'Market' : module.pallet}.${meta.name}`);
}

/** The outcome of an extrinsic in a block: found by its bytes in the block, then its events. */
async function outcomeIn(client: CrustClient, blockHash: string, extrinsic: `0x${string}`) {
  const block = await client.provider.send<{ block: { extrinsics: string[] } }>('chain_getBlock', [
    blockHash,
  ]);
  const index = block.block.extrinsics.findIndex((e) => e.toLowerCase() === extrinsic);
  if (index < 0) return null;
  const events = await readStorage(client, plainKey('System', 'Events'), blockHash);
  return events ? findExtrinsicOutcome(client.chain, events, index) : null;
}

type WatchStatus = string | { inBlock?: string; finalized?: string; [other: string]: unknown };

/**
 * market.place_storage_order(cid, size, tips 0, memo ""), signed on Crust, resolved once in a
 * block; a failure rejects with the module error's docs, else "Error". Refusals of the pool (an
 * account that cannot pay the fee…) and a dropped connection are put in words.
 */
export async function placeStorageOrder(
  client: CrustClient,
  signer: CrustSigner & { address: string },
  cid: string,
  size: number,
): Promise<void> {
  checkOrder(cid, size);
  const ctx = await signingContext(client, signer.address);
  const call = placeStorageOrderCall(client.chain, cid.trim(), BigInt(size));
  const extrinsic = u8aToHex(await signExtrinsic(client.chain, signer, call, ctx));

  return new Promise((resolve, reject) => {
    let settled = false;
    let unsubscribe: (() => Promise<void>) | null = null;
    const stopListening = client.provider.on('disconnected', () =>
      finish(() => reject(new TxFailedError(CRUST_CONNECTION_LOST))),
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      void unsubscribe?.().catch(() => {});
      outcome();
    };
    const included = (blockHash: string) =>
      outcomeIn(client, blockHash, extrinsic).then(
        (outcome) =>
          finish(() => {
            if (!outcome) reject(new TxFailedError(OUTCOME_UNKNOWN));
            else if (outcome.ok) resolve();
            else reject(describeFailure(client, outcome.module));
          }),
        (error: unknown) => finish(() => reject(error)),
      );
    client.provider
      .subscribe<WatchStatus>(
        {
          subname: 'author_extrinsicUpdate',
          subscribe: 'author_submitAndWatchExtrinsic',
          params: [extrinsic],
          unsubscribe: 'author_unwatchExtrinsic',
        },
        (error, status) => {
          if (error) return finish(() => reject(describeSubmitError(error.message)));
          if (status === 'invalid' || status === 'dropped') {
            return finish(() =>
              reject(describeSubmitError(`1010: Invalid Transaction: ${status}`)),
            );
          }
          if (typeof status !== 'object' || status === null) return;
          const hash = status.inBlock ?? status.finalized;
          if (hash) void included(hash);
          else if ('usurped' in status)
            finish(() => reject(describeSubmitError('1010: Invalid Transaction: stale')));
        },
      )
      .then(
        (subscription) => {
          unsubscribe = () => subscription.unsubscribe();
          if (settled) void unsubscribe().catch(() => {});
        },
        (error: unknown) => finish(() => reject(describeSubmitError(submitErrorText(error)))),
      );
  });
}

/** A JSON-RPC refusal with its data: "1010: Invalid Transaction: Inability to pay some fees…". */
function submitErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const data = (error as { data?: unknown }).data;
  return typeof data === 'string' && data && !error.message.includes(data)
    ? `${error.message}: ${data}`
    : error.message;
}
