import { BodyTooLargeError, readBoundedBytes } from '../http/bounded-body.ts';
import { gatewayUrl } from './gateway-list.ts';
import {
  addressPath,
  DEFAULT_BOUNDS,
  FileShapeError,
  fileFromBlock,
  fileFromCar,
  fileFromIdentity,
  fileFromPlain,
  type IpfsAddress,
  parseIpfsAddress,
  VerifyError,
} from './verify.ts';

/** Files bigger than this are not read: telemetry with a day of history stays far below. */
export const MAX_IPFS_FILE_BYTES = DEFAULT_BOUNDS.maxBytes;
/** A CAR holds a file's bytes and, per block, its CID and links: this much more at most. */
const CAR_OVERHEAD_BYTES = 2 * 1024 * 1024;
/** A gateway that has not started answering after this long is skipped. */
export const HEADERS_TIMEOUT_MS = 10_000;

export class IpfsFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpfsFetchError';
  }
}

/**
 * The gateway, not the file, is at fault (unreachable, an error status, a web page instead of
 * the file, no answer in time, an answer that does not check out): another gateway may serve the
 * same file. The message says what the gateway did, e.g. "answered HTTP 502".
 */
export class GatewayReadError extends IpfsFetchError {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayReadError';
  }
}

/**
 * The gateway sent bytes that are not the ones the address names: another file, or altered
 * blocks. Worse than not answering: the gateway is ranked below those that failed.
 */
export class GatewayMismatchError extends GatewayReadError {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayMismatchError';
  }
}

/** "10 s", "0.3 s". */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;

const CAR_TYPE = 'application/vnd.ipld.car';
const RAW_TYPE = 'application/vnd.ipld.raw';
const isHtml = (type: string) => /^\s*(text\/html|application\/xhtml)/i.test(type);
const mediaType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/**
 * The trustless gateway request for an address: a raw block for a raw CID, else a CAR of the
 * blocks of the file (and of the folders on its path), in walking order, each block once.
 */
export function verifiedRequest(
  gateway: string,
  address: IpfsAddress,
): { url: string; accept: string } {
  const base = gatewayUrl(gateway.replace(/\/+$/, '').replace(/\/ipfs$/, ''), addressPath(address));
  if (address.root.code === 0x55 && address.segments.length === 0) {
    return { url: `${base}?format=raw`, accept: RAW_TYPE };
  }
  return {
    url: `${base}?format=car&dag-scope=entity`,
    accept: `${CAR_TYPE}; version=1; order=dfs; dups=n`,
  };
}

/** The checked file from a gateway's answer, by what the gateway says it sent. */
async function checkedFile(
  type: string,
  body: Uint8Array,
  address: IpfsAddress,
  allowHtml: boolean,
): Promise<Uint8Array> {
  const media = mediaType(type);
  if (media === CAR_TYPE) return fileFromCar(body, address);
  if (media === RAW_TYPE) return fileFromBlock(body, address);
  if (!allowHtml && isHtml(type)) {
    throw new GatewayReadError('answered with a web page instead of the file');
  }
  // The plain file: believed only when hashing it proves it is the address's.
  const plain = await fileFromPlain(body, address);
  if (plain) return plain;
  throw new VerifyError('unverifiable', 'sent the file without the blocks to check it by');
}

/**
 * Reads a file from an IPFS gateway, checked against its address (`<cid>[/<path>]`): the
 * gateway is asked for the trustless formats (a CAR of the file's blocks, or a raw block), every
 * block is hashed and the file is put together from the checked blocks (verify.ts). Gateway
 * faults are `GatewayReadError`s, bytes that do not match the address a `GatewayMismatchError`;
 * a file over 20 MiB is 'File not available' (docs/product-rules.md). A web page instead of the
 * file (a rate-limit or captive page) is a gateway fault unless `allowHtml`. An identity CID
 * (`bafkq…`) holds its bytes: no request is made.
 */
export async function fetchIpfsFile(
  gateway: string,
  path: string,
  {
    timeoutMs = 30_000,
    headersTimeoutMs = HEADERS_TIMEOUT_MS,
    fetcher = fetch,
    allowHtml = false,
  }: {
    timeoutMs?: number;
    headersTimeoutMs?: number;
    fetcher?: typeof fetch;
    allowHtml?: boolean;
  } = {},
): Promise<Uint8Array> {
  let address: IpfsAddress;
  try {
    address = parseIpfsAddress(path);
    const inline = fileFromIdentity(address);
    if (inline) return inline;
  } catch (error) {
    if (error instanceof FileShapeError) throw new IpfsFetchError(error.message);
    throw error;
  }
  const { url, accept } = verifiedRequest(gateway, address);
  const controller = new AbortController();
  let timedOut: string | null = null;
  const abortAfter = (ms: number, text: string) =>
    setTimeout(() => {
      timedOut = text;
      controller.abort();
    }, ms);
  const headersTimer = abortAfter(
    Math.min(headersTimeoutMs, timeoutMs),
    `did not answer within ${seconds(Math.min(headersTimeoutMs, timeoutMs))}`,
  );
  const totalTimer = abortAfter(
    timeoutMs,
    `did not send the whole file within ${seconds(timeoutMs)}`,
  );
  try {
    let response: Response;
    try {
      response = await fetcher(url, { signal: controller.signal, headers: { accept } });
    } catch {
      throw new GatewayReadError(timedOut ?? 'cannot be reached');
    }
    clearTimeout(headersTimer);
    if (!response.ok) throw new GatewayReadError(`answered HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!allowHtml && isHtml(type)) {
      await response.body?.cancel().catch(() => {});
      throw new GatewayReadError('answered with a web page instead of the file');
    }
    let body: Uint8Array;
    try {
      // Never more than the bound in memory, whatever the gateway says or sends.
      body = await readBoundedBytes(response, MAX_IPFS_FILE_BYTES + CAR_OVERHEAD_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new IpfsFetchError('File not available');
      throw new GatewayReadError(timedOut ?? 'stopped sending the file');
    }
    try {
      return await checkedFile(type, body, address, allowHtml);
    } catch (error) {
      if (error instanceof VerifyError) {
        throw error.fault === 'mismatch'
          ? new GatewayMismatchError(error.message)
          : new GatewayReadError(error.message);
      }
      if (error instanceof FileShapeError) throw new IpfsFetchError(error.message);
      throw error;
    }
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(totalTimer);
  }
}

/**
 * A file's text from an IPFS gateway, checked against its address (fetchIpfsFile). An empty
 * file is '<path> not found in ipfs' (docs/product-rules.md).
 */
export async function fetchIpfsText(
  gateway: string,
  path: string,
  options: Parameters<typeof fetchIpfsFile>[2] = {},
): Promise<string> {
  const bytes = await fetchIpfsFile(gateway, path, options);
  const text = new TextDecoder().decode(bytes);
  if (!text) throw new IpfsFetchError(`${path} not found in ipfs`);
  return text;
}
