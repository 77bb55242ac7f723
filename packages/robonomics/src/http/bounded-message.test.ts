import { describe, expect, it } from 'vitest';
import { isMessageOver, MessageTooLargeError } from './bounded-message.ts';

describe('isMessageOver', () => {
  it('counts the UTF-8 bytes of text: at the bound taken, one byte more refused', () => {
    for (const unit of ['a', 'é', '€', '😀']) {
      const size = new TextEncoder().encode(unit).length;
      const text = unit.repeat(12);
      const bytes = size * 12;
      expect(isMessageOver(text, bytes), unit).toBe(false);
      expect(isMessageOver(`${text}a`, bytes), unit).toBe(true);
    }
    // A lone surrogate is sent as three bytes (U+FFFD).
    expect(isMessageOver('\ud800', 3)).toBe(false);
    expect(isMessageOver('\ud800', 2)).toBe(true);
  });

  it('takes binary messages by their size', () => {
    expect(isMessageOver(new ArrayBuffer(8), 8)).toBe(false);
    expect(isMessageOver(new ArrayBuffer(9), 8)).toBe(true);
    expect(isMessageOver(new Uint8Array(9), 8)).toBe(true);
    expect(isMessageOver(new Blob(['123456789']), 8)).toBe(true);
    expect(isMessageOver([new Uint8Array(4), new Uint8Array(5)], 8)).toBe(true);
    expect(isMessageOver([new Uint8Array(4), new Uint8Array(4)], 8)).toBe(false);
  });

  it('says who sent too much and what happened to the connection', () => {
    expect(new MessageTooLargeError(1024 * 1024).message).toBe(
      'The node sent a message larger than 1 MB, more than any answer the app asks for can be; the connection was closed without reading it.',
    );
  });
});
