import { sizeText } from './bounded-body.ts';

/**
 * A WebSocket message larger than its reader allows. The socket that carried it is closed and the
 * message is dropped unparsed (docs/security.md, "Bounds on what the app reads").
 */
export class MessageTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(
      `The node sent a message larger than ${sizeText(limit)}, more than any answer the app asks for can be; the connection was closed without reading it.`,
    );
    this.name = 'MessageTooLargeError';
  }
}

/** UTF-8 length of a string, counted no further than `limit + 1`. */
function utf8Length(text: string, limit: number): number {
  // A UTF-16 unit takes at least one byte and at most three (a pair of them four).
  if (text.length > limit) return limit + 1;
  if (text.length * 3 <= limit) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether a WebSocket message (a string, as text frames arrive; a Blob, ArrayBuffer, view or list
 * of Buffers, as binary ones do) is over `maxBytes` of UTF-8, counted without copying it.
 */
export function isMessageOver(data: unknown, maxBytes: number): boolean {
  if (typeof data === 'string') return utf8Length(data, maxBytes) > maxBytes;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength > maxBytes;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size > maxBytes;
  if (Array.isArray(data)) {
    let total = 0;
    for (const part of data) total += (part as { byteLength?: number })?.byteLength ?? 0;
    return total > maxBytes;
  }
  return false;
}
