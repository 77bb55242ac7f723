import type { MessageStream } from '@libp2p/interface';
import { byteStream, lpStream } from '@libp2p/utils';

/**
 * One JSON message each way per libp2p stream, in either of the two framings homes speak (see
 * docs/libp2p.md, "Two generations of the home's proxy"):
 *
 * - `raw`: the message is the UTF-8 JSON itself, and it ends where the sender closes its write
 *   side. The proxy that Home Assistant homes run (libp2p 0.46, mplex only) speaks this.
 * - `length-prefixed`: an unsigned-varint byte length, then that many bytes of UTF-8 JSON
 *   (`lpStream` of @libp2p/utils). Peers that multiplex with yamux speak this.
 *
 * The framing follows the connection's stream multiplexer (`framingOf`), so one app talks to both.
 */

export type Framing = 'raw' | 'length-prefixed';

/** mplex connections carry raw JSON; every other multiplexer (yamux) length-prefixed JSON. */
export function framingOf(multiplexer: string | undefined): Framing {
  return multiplexer?.startsWith('/mplex/') ? 'raw' : 'length-prefixed';
}

/** Default size limit of one message (body bytes), both ways. */
export const DEFAULT_MAX_JSON_BYTES = 4 * 1024 * 1024;

export type JsonStreamFailure = 'closed' | 'too-large' | 'bad-json' | 'aborted';

export class JsonStreamError extends Error {
  override readonly name = 'JsonStreamError';
  readonly reason: JsonStreamFailure;
  /** For 'bad-json': the text of the message that is not JSON. */
  readonly text: string | undefined;

  constructor(reason: JsonStreamFailure, message: string, text?: string) {
    super(message);
    this.reason = reason;
    this.text = text;
  }
}

export interface JsonStreamOptions {
  /** Largest body in bytes, read or written; default DEFAULT_MAX_JSON_BYTES. */
  maxBytes?: number;
  signal?: AbortSignal;
}

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The UTF-8 JSON of a value, refused when over `maxBytes`. */
export function jsonBytes(value: unknown, maxBytes = DEFAULT_MAX_JSON_BYTES): Uint8Array {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('This value has no JSON form.');
  const body = encoder.encode(text);
  if (body.length > maxBytes) {
    throw new JsonStreamError(
      'too-large',
      `The message is ${body.length} bytes, over ${maxBytes}.`,
    );
  }
  return body;
}

/** Parses a received body; the text of one that is not JSON travels with the error. */
export function parseJsonBody(body: Uint8Array): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    throw new JsonStreamError('bad-json', 'The message is not UTF-8 text.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonStreamError('bad-json', 'The message is not JSON.', text);
  }
}

/** Maps what the stream helpers throw to the reasons callers act on. */
function failure(error: unknown, signal: AbortSignal | undefined, maxBytes: number): Error {
  if (error instanceof JsonStreamError) return error;
  const name = (error as { name?: string } | undefined)?.name;
  if (signal?.aborted || name === 'AbortError' || name === 'TimeoutError') {
    const timedOut = (signal?.reason as { name?: string } | undefined)?.name === 'TimeoutError';
    return new JsonStreamError(
      'aborted',
      timedOut ? 'Timed out waiting for the message.' : 'Reading was aborted.',
    );
  }
  if (name === 'InvalidDataLengthError' || name === 'StreamBufferError') {
    return new JsonStreamError('too-large', `The peer sent a message over ${maxBytes} bytes.`);
  }
  if (name === 'UnexpectedEOFError' || name === 'InvalidDataLengthLengthError') {
    return new JsonStreamError('closed', 'The stream closed in the middle of a message.');
  }
  return new JsonStreamError('closed', `The stream failed: ${(error as Error).message}`);
}

/** The bytes of a Uint8ArrayList as one Uint8Array. */
const bytesOf = (list: { subarray(): Uint8Array }): Uint8Array => list.subarray();

/** Reads raw bytes until the sender closes its write side, at most `maxBytes`. */
async function readToEnd(
  stream: MessageStream,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  // One byte over the limit in the buffer is enough to know the message is too large.
  const bytes = byteStream(stream, { maxBufferSize: maxBytes + 1 });
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = await bytes.read({ signal });
      if (chunk === null) break;
      total += chunk.byteLength;
      if (total > maxBytes) {
        const error = new JsonStreamError(
          'too-large',
          `The peer sent a message over ${maxBytes} bytes.`,
        );
        stream.abort(error);
        throw error;
      }
      parts.push(bytesOf(chunk));
    }
  } finally {
    bytes.unwrap();
  }
  if (total === 0) throw new JsonStreamError('closed', 'The stream closed.');
  const body = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

/**
 * Reads one JSON message: raw, to the end of the sender's writing; length-prefixed, one message.
 * Throws JsonStreamError: `closed` when the stream ends before a whole message, `too-large` as
 * soon as more than `maxBytes` arrive or are announced, `bad-json` (with the text), `aborted`.
 */
export async function readJsonMessage(
  stream: MessageStream,
  framing: Framing,
  options: JsonStreamOptions = {},
): Promise<unknown> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_JSON_BYTES;
  const { signal } = options;
  let body: Uint8Array;
  try {
    signal?.throwIfAborted();
    if (framing === 'raw') {
      body = await readToEnd(stream, maxBytes, signal);
    } else {
      const lp = lpStream(stream, { maxDataLength: maxBytes });
      try {
        body = bytesOf(await lp.read({ signal }));
      } finally {
        lp.unwrap();
      }
    }
  } catch (error) {
    throw failure(error, signal, maxBytes);
  }
  return parseJsonBody(body);
}

/**
 * Writes one JSON message. Raw framing ends the message by closing this side's writing, so
 * nothing more can be written on the stream; length-prefixed framing leaves it open.
 */
export async function writeJsonMessage(
  stream: MessageStream,
  framing: Framing,
  value: unknown,
  options: JsonStreamOptions = {},
): Promise<void> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_JSON_BYTES;
  const body = jsonBytes(value, maxBytes);
  const { signal } = options;
  try {
    signal?.throwIfAborted();
    if (framing === 'raw') {
      if (!stream.send(body)) await stream.onDrain({ signal });
      await stream.close({ signal });
    } else {
      const lp = lpStream(stream, { maxDataLength: maxBytes });
      try {
        await lp.write(body, { signal });
      } finally {
        lp.unwrap();
      }
    }
  } catch (error) {
    throw failure(error, signal, maxBytes);
  }
}

/** Sends a request and reads the one reply, both in `framing`. */
export async function requestJson(
  stream: MessageStream,
  framing: Framing,
  request: unknown,
  options: JsonStreamOptions & { maxReplyBytes?: number } = {},
): Promise<unknown> {
  await writeJsonMessage(stream, framing, request, options);
  return readJsonMessage(stream, framing, {
    maxBytes: options.maxReplyBytes ?? options.maxBytes,
    signal: options.signal,
  });
}
