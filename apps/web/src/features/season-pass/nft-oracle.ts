import {
  BodyTooLargeError,
  readBoundedJson,
  sizeText,
} from '@robonomics-dapp/robonomics/http/bounded-body';

/** The free-minimum NFT oracle (docs/nft-oracle.md): every answer is {result} or {error}. */
export const ALREADY_RECEIVED = 'Free minimum for this token has already been received';

/** The free-minimum request states (docs/product-rules.md). */
export const FreeMinimumState = { idle: 1, sending: 2, sent: 3, failed: 4 } as const;
export type FreeMinimumState = (typeof FreeMinimumState)[keyof typeof FreeMinimumState];

/** Oracle check interval (docs/nft-oracle.md). */
export const ORACLE_CHECK_INTERVAL_MS = 10_000;

export type OracleAnswer = { ok: true } | { ok: false; error: string };

/**
 * The most of an answer that is read: `{"result": true}` or `{"error": "<a sentence>"}` is under
 * 1 KB; 16 KB leaves room for any sentence the oracle may write.
 */
const MAX_ANSWER_BYTES = 16 * 1024;

async function post(
  base: string,
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<OracleAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, '')}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { ok: false, error: 'The NFT oracle could not be reached.' };
  }
  let json: { result?: unknown; error?: unknown } | null;
  try {
    json = (await readBoundedJson(response, MAX_ANSWER_BYTES)) as typeof json;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (error instanceof BodyTooLargeError) {
      return {
        ok: false,
        error: `The NFT oracle sent more than ${sizeText(MAX_ANSWER_BYTES)} in answer, more than an answer can be; it was not read.`,
      };
    }
    return { ok: false, error: `The NFT oracle answered ${response.status} without a result.` };
  }
  if (json?.result === true) return { ok: true };
  return {
    ok: false,
    error: typeof json?.error === 'string' ? json.error : 'The NFT oracle refused the request.',
  };
}

export function checkFreeMinimum(base: string, nft: number, address: string, signal?: AbortSignal) {
  return post(base, 'check', { nft, address }, signal);
}

/** The exact text the Ethereum account signs: keys in this order, the address as sent. */
export function freeMinimumMessage(nft: number, address: string, target: string): string {
  return JSON.stringify({ nft, address, for: target });
}

export function requestFreeMinimum(
  base: string,
  body: { signature: string; nft: number; address: string; for: string },
  signal?: AbortSignal,
) {
  return post(base, 'verify', body, signal);
}
