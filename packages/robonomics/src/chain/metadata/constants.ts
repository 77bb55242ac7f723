import { decodeUnsigned, Reader, ScaleDecodeError } from '../model/scale-reader.ts';

/**
 * Pallet constants read straight from the metadata's bytes, without the full metadata decoder or
 * the chain client: the first paint and the metadata cache's summary need only RWS.MinimalBid.
 * Checked in tests against the client's metadata-based decoding of the same bytes.
 */

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
        throw new ScaleDecodeError(`Unknown type definition ${definition}.`);
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
    } else throw new ScaleDecodeError(`Unknown storage entry type ${kind}.`);
    r.skip(r.compact()); // default
    r.skipTexts();
  }
}

/**
 * The SCALE bytes of a pallet constant in V14 metadata (bytes, or the hex string the node sent),
 * found by walking the metadata without decoding it: the type registry and the other pallets are
 * stepped over by their lengths, and only the named pallet's constants are read. Undefined when
 * the pallet or constant is missing or the metadata is of another version (the client's full
 * decoder then answers).
 */
export function metadataConstant(
  metadata: Uint8Array | string,
  pallet: string,
  constant: string,
): Uint8Array | undefined {
  const r = new Reader(metadata);
  if (r.u32() !== METADATA_MAGIC || r.u8() !== 14) return undefined;
  skipTypeRegistry(r);
  for (let pallets = r.compact(); pallets > 0; pallets--) {
    const target = r.text() === pallet;
    r.option(() => skipStorage(r));
    r.option(() => r.compact()); // calls
    r.option(() => r.compact()); // events
    let found: Uint8Array | undefined;
    for (let constants = r.compact(); constants > 0; constants--) {
      if (!target) {
        r.skipText(); // name
        r.compact(); // type
        r.skip(r.compact()); // value
        r.skipTexts(); // docs
        continue;
      }
      const name = r.text();
      r.compact(); // type
      const value = r.take(r.compact());
      r.skipTexts();
      if (name === constant) found = value;
    }
    if (target) return found;
    r.option(() => r.compact()); // errors
    r.u8(); // index
  }
  return undefined;
}

/** RWS.MinimalBid (planck) from V14 metadata; undefined when it cannot be found there. */
export function minimalBidOf(metadata: Uint8Array | string): bigint | undefined {
  try {
    const bytes = metadataConstant(metadata, 'RWS', 'MinimalBid');
    return bytes?.length === 16 ? decodeUnsigned(bytes) : undefined;
  } catch {
    return undefined;
  }
}
