/**
 * Reading SCALE bytes without the chain client: a forward-only reader, hex strings and
 * little-endian integers. Used where a few values are decoded by hand, each decoder checked in
 * tests against the metadata's own codecs: the dashboard's first data (connection/first-data/decode.ts) and
 * the service worker's reminder reads (reminder-reads.ts).
 */

/** Thrown when bytes do not have the shape a decoder expects. */
export class ScaleDecodeError extends Error {}

/** Value of a hex digit's char code, -1 for anything else. */
const HEX_DIGITS = /* @__PURE__ */ (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) {
    table['0123456789abcdef'.charCodeAt(i)] = i;
    table['0123456789ABCDEF'.charCodeAt(i)] = i;
  }
  return table;
})();

/** Bytes of a 0x-prefixed hex string (the metadata's 350 KB among them: one pass, no slices). */
export function hexBytes(hex: string): Uint8Array {
  if (!hex.startsWith('0x') || hex.length % 2 !== 0) {
    throw new ScaleDecodeError('Not a hex string.');
  }
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = HEX_DIGITS[hex.charCodeAt(2 + 2 * i)] ?? -1;
    const low = HEX_DIGITS[hex.charCodeAt(3 + 2 * i)] ?? -1;
    if (high < 0 || low < 0) throw new ScaleDecodeError('Not a hex string.');
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/**
 * A forward-only reader of SCALE bytes, given as bytes or as a 0x-prefixed hex string. A hex
 * string is converted only where the reader looks: the spans it skips (names, docs) are never
 * read, and a digit that is not hex fails when it is reached.
 */
export class Reader {
  offset = 0;
  /** How many bytes there are. */
  readonly length: number;
  readonly #source: Uint8Array | string;

  constructor(source: Uint8Array | string) {
    if (typeof source === 'string') {
      if (!source.startsWith('0x') || source.length % 2 !== 0) {
        throw new ScaleDecodeError('Not a hex string.');
      }
      this.length = (source.length - 2) / 2;
    } else {
      this.length = source.length;
    }
    this.#source = source;
  }

  /** The byte at `index` (within bounds). */
  #at(index: number): number {
    const source = this.#source;
    if (typeof source !== 'string') return source[index]!;
    const high = HEX_DIGITS[source.charCodeAt(2 + 2 * index)] ?? -1;
    const low = HEX_DIGITS[source.charCodeAt(3 + 2 * index)] ?? -1;
    if (high < 0 || low < 0) throw new ScaleDecodeError('Not a hex string.');
    return (high << 4) | low;
  }

  #need(n: number) {
    if (this.offset + n > this.length) throw new ScaleDecodeError('Unexpected end.');
  }

  u8(): number {
    this.#need(1);
    return this.#at(this.offset++);
  }

  u32(): number {
    this.#need(4);
    const o = this.offset;
    this.offset += 4;
    return (
      (this.#at(o) | (this.#at(o + 1) << 8) | (this.#at(o + 2) << 16) | (this.#at(o + 3) << 24)) >>>
      0
    );
  }

  /** A compact integer that fits a JavaScript number (lengths, type ids). */
  compact(): number {
    const first = this.u8();
    switch (first & 3) {
      case 0:
        return first >>> 2;
      case 1:
        return ((first | (this.u8() << 8)) >>> 2) & 0x3fff;
      case 2: {
        this.offset -= 1;
        return this.u32() >>> 2;
      }
      default: {
        const length = (first >>> 2) + 4;
        if (length > 6) throw new ScaleDecodeError('Compact integer too large.');
        let value = 0;
        for (let i = 0; i < length; i++) value += this.u8() * 2 ** (8 * i);
        return value;
      }
    }
  }

  /** A compact integer of any size (u64 weights and times, u128 balances). */
  compactBig(): bigint {
    this.#need(1);
    const first = this.#at(this.offset);
    if ((first & 3) !== 3) return BigInt(this.compact());
    this.offset += 1;
    return decodeUnsigned(this.take((first >>> 2) + 4));
  }

  /** A fixed-width little-endian unsigned integer of `n` bytes (u64: 8). */
  unsigned(n: number): bigint {
    return decodeUnsigned(this.take(n));
  }

  /** Fails unless every byte was read. */
  end(what: string) {
    if (this.offset !== this.length) {
      throw new ScaleDecodeError(`Trailing bytes after the ${what}.`);
    }
  }

  skip(n: number) {
    this.#need(n);
    this.offset += n;
  }

  take(n: number): Uint8Array {
    this.#need(n);
    const start = this.offset;
    this.offset += n;
    const source = this.#source;
    if (typeof source !== 'string') return source.subarray(start, start + n);
    const slice = new Uint8Array(n);
    for (let i = 0; i < n; i++) slice[i] = this.#at(start + i);
    return slice;
  }

  text(): string {
    return new TextDecoder().decode(this.take(this.compact()));
  }

  skipText() {
    this.skip(this.compact());
  }

  skipTexts() {
    for (let n = this.compact(); n > 0; n--) this.skipText();
  }

  /** Option<T>: runs `some` when present. */
  option(some: () => void) {
    if (this.u8() === 1) some();
  }
}

/** A little-endian unsigned integer (u128 balances and the like). */
export function decodeUnsigned(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}
