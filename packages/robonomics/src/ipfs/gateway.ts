import { BodyTooLargeError, readBoundedText } from '../http/bounded-body.ts';

/** Files bigger than this are not read: telemetry with a day of history stays far below. */
export const MAX_IPFS_FILE_BYTES = 20 * 1024 * 1024;
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
 * the file, no answer in time): another gateway may serve the same file. The message says what
 * the gateway did, e.g. "answered HTTP 502".
 */
export class GatewayReadError extends IpfsFetchError {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayReadError';
  }
}

/** "10 s", "0.3 s". */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;

const HTML_START = /^\s*(<!doctype html|<html[\s>])/i;

/**
 * Reads a file as text from an IPFS gateway (GET <gateway>/ipfs/<cid>). Gateway faults are
 * `GatewayReadError`s; an empty file is '<cid> not found in ipfs' and an oversized one
 * 'File not available' (docs/product-rules.md). A web page instead of the file (a rate-limit or
 * captive page) is a gateway fault unless `allowHtml`.
 */
export async function fetchIpfsText(
  gateway: string,
  cid: string,
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
): Promise<string> {
  const url = `${gateway.replace(/\/+$/, '').replace(/\/ipfs$/, '')}/ipfs/${cid}`;
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
      response = await fetcher(url, { signal: controller.signal });
    } catch {
      throw new GatewayReadError(timedOut ?? 'cannot be reached');
    }
    clearTimeout(headersTimer);
    if (!response.ok) throw new GatewayReadError(`answered HTTP ${response.status}`);
    if (
      !allowHtml &&
      /^\s*(text\/html|application\/xhtml)/i.test(response.headers.get('content-type') ?? '')
    ) {
      throw new GatewayReadError('answered with a web page instead of the file');
    }
    let text: string;
    try {
      // Never more than the bound in memory, whatever the gateway says or sends.
      text = await readBoundedText(response, MAX_IPFS_FILE_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new IpfsFetchError('File not available');
      throw new GatewayReadError(timedOut ?? 'stopped sending the file');
    }
    if (!allowHtml && HTML_START.test(text.slice(0, 64))) {
      throw new GatewayReadError('answered with a web page instead of the file');
    }
    if (!text) throw new IpfsFetchError(`${cid} not found in ipfs`);
    return text;
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(totalTimer);
  }
}
