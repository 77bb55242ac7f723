/**
 * Small decoders for the dashboard's first values, so the first paint needs neither the full
 * metadata decoder nor the chain client (docs/first-data.md). Each one is checked in tests
 * against the client's metadata-based decoding of the same bytes.
 */

/**
 * Storage key of RWS.AuctionQueue: twox128("RWS") ++ twox128("AuctionQueue"), a plain value
 * (the indexes of the open subscription auctions, a bounded vector of u32).
 */
export const AUCTION_QUEUE_KEY =
  '0xa52ffbbd6ee7b384b3554ba952de6267be64b624da5ca8b77d23143164db7ccd';

/** Thrown when bytes do not have the shape a decoder expects. */
export class FirstDataDecodeError extends Error {}

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
    throw new FirstDataDecodeError('Not a hex string.');
  }
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = HEX_DIGITS[hex.charCodeAt(2 + 2 * i)] ?? -1;
    const low = HEX_DIGITS[hex.charCodeAt(3 + 2 * i)] ?? -1;
    if (high < 0 || low < 0) throw new FirstDataDecodeError('Not a hex string.');
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** A forward-only reader of SCALE bytes (also used by reminder-reads.ts). */
export class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  #need(n: number) {
    if (this.offset + n > this.bytes.length) throw new FirstDataDecodeError('Unexpected end.');
  }

  u8(): number {
    this.#need(1);
    return this.bytes[this.offset++]!;
  }

  u32(): number {
    this.#need(4);
    const b = this.bytes;
    const o = this.offset;
    this.offset += 4;
    return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
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
        if (length > 6) throw new FirstDataDecodeError('Compact integer too large.');
        let value = 0;
        for (let i = 0; i < length; i++) value += this.u8() * 2 ** (8 * i);
        return value;
      }
    }
  }

  /** A compact integer of any size (u64 weights and times, u128 balances). */
  compactBig(): bigint {
    const first = this.bytes[this.offset];
    if (first === undefined) throw new FirstDataDecodeError('Unexpected end.');
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
    if (this.offset !== this.bytes.length) {
      throw new FirstDataDecodeError(`Trailing bytes after the ${what}.`);
    }
  }

  skip(n: number) {
    this.#need(n);
    this.offset += n;
  }

  take(n: number): Uint8Array {
    this.#need(n);
    const slice = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
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

/** RWS.AuctionQueue's value (null: never written, the empty default). */
export function decodeAuctionQueue(hex: string | null): number[] {
  if (hex === null) return [];
  const reader = new Reader(hexBytes(hex));
  const queue: number[] = [];
  for (let n = reader.compact(); n > 0; n--) queue.push(reader.u32());
  reader.end('auction queue');
  return queue;
}

/** A little-endian unsigned integer (u128 balances and the like). */
export function decodeUnsigned(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

const METADATA_MAGIC = 0x6174656d; // "meta", little-endian

/** Skips a field of the type registry: name, type id, type name, docs. */
function skipField(r: Reader) {
  r.option(() => r.skipText());
  r.compact();
  r.option(() => r.skipText());
  r.skipTexts();
}

/** Skips the V14 portable type registry without building it. */
function skipTypeRegistry(r: Reader) {
  for (let types = r.compact(); types > 0; types--) {
    r.compact(); // id
    r.skipTexts(); // path
    for (let params = r.compact(); params > 0; params--) {
      r.skipText();
      r.option(() => r.compact());
    }
    const definition = r.u8();
    switch (definition) {
      case 0: // composite
        for (let n = r.compact(); n > 0; n--) skipField(r);
        break;
      case 1: // variant
        for (let variants = r.compact(); variants > 0; variants--) {
          r.skipText();
          for (let n = r.compact(); n > 0; n--) skipField(r);
          r.u8();
          r.skipTexts();
        }
        break;
      case 2: // sequence
      case 6: // compact
        r.compact();
        break;
      case 3: // array
        r.u32();
        r.compact();
        break;
      case 4: // tuple
        for (let n = r.compact(); n > 0; n--) r.compact();
        break;
      case 5: // primitive
        r.u8();
        break;
      case 7: // bit sequence
        r.compact();
        r.compact();
        break;
      default:
        throw new FirstDataDecodeError(`Unknown type definition ${definition}.`);
    }
    r.skipTexts(); // docs
  }
}

/** Skips a V14 pallet's storage section. */
function skipStorage(r: Reader) {
  r.skipText(); // prefix
  for (let entries = r.compact(); entries > 0; entries--) {
    r.skipText();
    r.u8(); // modifier
    const kind = r.u8();
    if (kind === 0) r.compact();
    else if (kind === 1) {
      r.skip(r.compact()); // hashers, one byte each
      r.compact();
      r.compact();
    } else throw new FirstDataDecodeError(`Unknown storage entry type ${kind}.`);
    r.skip(r.compact()); // default
    r.skipTexts();
  }
}

/**
 * The SCALE bytes of a pallet constant in V14 metadata, found by walking the bytes without
 * decoding the type registry; undefined when the pallet or constant is missing or the metadata
 * is of another version (the client's full decoder then answers).
 */
export function metadataConstant(
  metadata: Uint8Array,
  pallet: string,
  constant: string,
): Uint8Array | undefined {
  const r = new Reader(metadata);
  if (r.u32() !== METADATA_MAGIC || r.u8() !== 14) return undefined;
  skipTypeRegistry(r);
  for (let pallets = r.compact(); pallets > 0; pallets--) {
    const name = r.text();
    r.option(() => skipStorage(r));
    r.option(() => r.compact()); // calls
    r.option(() => r.compact()); // events
    let found: Uint8Array | undefined;
    for (let constants = r.compact(); constants > 0; constants--) {
      const constantName = r.text();
      r.compact(); // type
      const value = r.take(r.compact());
      r.skipTexts();
      if (name === pallet && constantName === constant) found = value;
    }
    r.option(() => r.compact()); // errors
    r.u8(); // index
    if (name === pallet) return found;
  }
  return undefined;
}

/** RWS.MinimalBid (planck) from V14 metadata; undefined when it cannot be found there. */
export function minimalBidOf(metadata: Uint8Array): bigint | undefined {
  try {
    const bytes = metadataConstant(metadata, 'RWS', 'MinimalBid');
    return bytes?.length === 16 ? decodeUnsigned(bytes) : undefined;
  } catch {
    return undefined;
  }
}
