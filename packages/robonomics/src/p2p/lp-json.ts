/**
 * Length-prefixed JSON over a libp2p stream, the framing of the current app and controller
 * (docs/libp2p.md, Streams and framing): each message is an unsigned-varint byte length followed by that many
 * bytes of UTF-8 JSON, one request and one reply per stream. Byte-compatible with `lpStream`
 * from @libp2p/utils; written against the shape of a libp2p 3 stream so this package needs no
 * libp2p dependency.
 */

/** A chunk as libp2p streams yield it: a Uint8Array or a Uint8ArrayList. */
export interface ByteChunk {
  readonly byteLength: number;
  subarray(start?: number, end?: number): Uint8Array;
}

/** The readable side of a libp2p 3 stream (an async iterable of chunks). */
export interface JsonReadable extends AsyncIterable<ByteChunk> {
  /** Hands bytes read past the message back to the stream. */
  unshift?(data: Uint8Array): void;
}

/** The writable side of a libp2p 3 stream. */
export interface JsonWritable {
  /** Queues bytes; false means "wait for drain before sending more". */
  send(data: Uint8Array): boolean;
  onDrain(options?: { signal?: AbortSignal }): Promise<void>;
}

/** Default size limit of one message (body bytes), both ways. */
export const DEFAULT_MAX_JSON_BYTES = 4 * 1024 * 1024;
/** A uvarint of more bytes than this is refused (lpStream's default maxLengthLength). */
const MAX_LENGTH_BYTES = 8;

export type LpJsonFailure = 'closed' | 'too-large' | 'bad-length' | 'bad-json' | 'aborted';

export class LpJsonError extends Error {
  override readonly name = 'LpJsonError';
  readonly reason: LpJsonFailure;
  /** For 'bad-json': the text of the message that is not JSON. */
  readonly text: string | undefined;

  constructor(reason: LpJsonFailure, message: string, text?: string) {
    super(message);
    this.reason = reason;
    this.text = text;
  }
}

export interface ReadJsonOptions {
  /** Largest accepted body in bytes; default DEFAULT_MAX_JSON_BYTES. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface WriteJsonOptions {
  /** Largest body this side agrees to send; default DEFAULT_MAX_JSON_BYTES. */
  maxBytes?: number;
  signal?: AbortSignal;
}

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Unsigned LEB128 of a non-negative safe integer. */
export function encodeUvarint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError('A length prefix is a non-negative whole number.');
  }
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return Uint8Array.from(out);
}

/** The bytes of one message: uvarint(length) || UTF-8 JSON. */
export function encodeJsonMessage(value: unknown, maxBytes = DEFAULT_MAX_JSON_BYTES): Uint8Array {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('This value has no JSON form.');
  const body = encoder.encode(text);
  if (body.length > maxBytes) {
    throw new LpJsonError('too-large', `The message is ${body.length} bytes, over ${maxBytes}.`);
  }
  const prefix = encodeUvarint(body.length);
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix);
  out.set(body, prefix.length);
  return out;
}

/** Writes one length-prefixed JSON message, waiting for drain when the stream asks to. */
export async function writeJson(
  stream: JsonWritable,
  value: unknown,
  options: WriteJsonOptions = {},
): Promise<void> {
  const bytes = encodeJsonMessage(value, options.maxBytes ?? DEFAULT_MAX_JSON_BYTES);
  options.signal?.throwIfAborted();
  if (!stream.send(bytes)) await stream.onDrain({ signal: options.signal });
}

/** Incremental decoder: feed chunks until it returns the message body. */
class Frame {
  private length: number | undefined;
  private prefixValue = 0;
  private shift = 1;
  private prefixBytes = 0;
  private readonly parts: Uint8Array[] = [];
  private received = 0;

  constructor(private readonly maxBytes: number) {}

  /** Consumes bytes; returns [body, leftover] once complete, else undefined. */
  push(chunk: Uint8Array): [Uint8Array, Uint8Array] | undefined {
    let offset = 0;
    while (this.length === undefined && offset < chunk.length) {
      const byte = chunk[offset++]!;
      this.prefixBytes++;
      this.prefixValue += (byte & 0x7f) * this.shift;
      this.shift *= 0x80;
      if ((byte & 0x80) === 0) {
        this.length = this.prefixValue;
        if (this.length > this.maxBytes) {
          throw new LpJsonError(
            'too-large',
            `The peer announced a ${this.length}-byte message, over ${this.maxBytes}.`,
          );
        }
      } else if (this.prefixBytes >= MAX_LENGTH_BYTES) {
        throw new LpJsonError('bad-length', 'The length prefix is too long.');
      }
    }
    if (this.length === undefined) return undefined;
    const take = Math.min(this.length - this.received, chunk.length - offset);
    if (take > 0) this.parts.push(chunk.subarray(offset, offset + take));
    this.received += take;
    offset += take;
    if (this.received < this.length) return undefined;
    const body = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      body.set(part, at);
      at += part.length;
    }
    return [body, chunk.subarray(offset)];
  }

  get started(): boolean {
    return this.prefixBytes > 0;
  }
}

function abortReason(signal: AbortSignal): LpJsonError {
  const reason = signal.reason as { name?: string } | undefined;
  return new LpJsonError(
    'aborted',
    reason?.name === 'TimeoutError' ? 'Timed out reading the message.' : 'Reading was aborted.',
  );
}

/**
 * Reads one length-prefixed JSON message and parses it. Throws LpJsonError: `closed` when the
 * stream ends first, `too-large` as soon as the prefix announces more than `maxBytes` (the body
 * is not buffered), `bad-length`, `bad-json` (also for invalid UTF-8), `aborted`. Bytes that
 * follow the message in the same chunk are handed back with `unshift` when the stream has it.
 */
export async function readJson(
  stream: JsonReadable,
  options: ReadJsonOptions = {},
): Promise<unknown> {
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const frame = new Frame(options.maxBytes ?? DEFAULT_MAX_JSON_BYTES);
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const aborted = signal
    ? new Promise<never>((_, reject) => {
        onAbort = () => reject(abortReason(signal));
        signal.addEventListener('abort', onAbort, { once: true });
      })
    : undefined;
  // The race below may leave this promise rejected with nobody waiting on it.
  aborted?.catch(() => {});
  let done = false;
  try {
    for (;;) {
      const next = aborted ? await Promise.race([iterator.next(), aborted]) : await iterator.next();
      if (next.done) {
        done = true;
        throw new LpJsonError(
          'closed',
          frame.started ? 'The stream closed in the middle of a message.' : 'The stream closed.',
        );
      }
      const result = frame.push(next.value.subarray());
      if (!result) continue;
      const [body, leftover] = result;
      if (leftover.length > 0) {
        try {
          stream.unshift?.(leftover);
        } catch {
          // The readable side already closed: nothing more can be read anyway.
        }
      }
      let text: string;
      try {
        text = strictUtf8.decode(body);
      } catch {
        throw new LpJsonError('bad-json', 'The message is not UTF-8 text.');
      }
      try {
        return JSON.parse(text);
      } catch {
        throw new LpJsonError('bad-json', 'The message is not JSON.', text);
      }
    }
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    // Stop listening on the stream; its remaining data stays with it.
    if (!done) iterator.return?.().catch(() => {});
  }
}
