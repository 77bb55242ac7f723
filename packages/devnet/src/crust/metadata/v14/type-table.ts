import { compactToU8a, stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util';

/**
 * The tools the V14 pallet modules describe themselves with: an interning type table (the
 * portable registry of the metadata), SCALE encoders for constant and default values, and
 * builders for storage items and constants.
 */

export type Primitive = 'Bool' | 'Str' | 'U8' | 'U16' | 'U32' | 'U64' | 'U128';

interface Field {
  name: string | null;
  type: number;
  typeName: string | null;
  docs: string[];
}

interface Variant {
  name: string;
  fields: Field[];
  index: number;
  docs: string[];
}

type TypeDef =
  | { Primitive: Primitive }
  | { Composite: { fields: Field[] } }
  | { Variant: { variants: Variant[] } }
  | { Sequence: { type: number } }
  | { Array: { len: number; type: number } }
  | { Tuple: number[] }
  | { Compact: { type: number } };

export interface PortableType {
  id: number;
  type: { path: string[]; params: { name: string; type: number | null }[]; def: TypeDef; docs: [] };
}

/** Interns types into the lookup table: the same definition always gets the same id. */
export class TypeTable {
  readonly types: PortableType[] = [];
  readonly #ids = new Map<string, number>();

  add(def: TypeDef, path: string[] = [], params: [string, number][] = []): number {
    const type = {
      path,
      params: params.map(([name, id]) => ({ name, type: id })),
      def,
      docs: [] as [],
    };
    const key = JSON.stringify(type);
    const known = this.#ids.get(key);
    if (known !== undefined) return known;
    const id = this.types.length;
    this.types.push({ id, type });
    this.#ids.set(key, id);
    return id;
  }

  primitive(p: Primitive): number {
    return this.add({ Primitive: p });
  }

  seq(type: number): number {
    return this.add({ Sequence: { type } });
  }

  array(len: number, type: number): number {
    return this.add({ Array: { len, type } });
  }

  tuple(...types: number[]): number {
    return this.add({ Tuple: types });
  }

  compact(type: number): number {
    return this.add({ Compact: { type } });
  }

  /** A struct: named fields ([name, type, typeName?]) or, with null names, a tuple struct. */
  composite(
    path: string[],
    fields: [string | null, number, string?][],
    params: [string, number][] = [],
  ): number {
    return this.add(
      {
        Composite: {
          fields: fields.map(([name, type, typeName]) => ({
            name,
            type,
            typeName: typeName ?? null,
            docs: [],
          })),
        },
      },
      path,
      params,
    );
  }

  /** An enum: [name, index, fields] (fields named or, with null names, unnamed). */
  variant(
    path: string[],
    variants: [string, number, [string | null, number, string?][]?][],
    params: [string, number][] = [],
  ): number {
    return this.add(
      {
        Variant: {
          variants: variants.map(([name, index, fields = []]) => ({
            name,
            index,
            docs: [],
            fields: fields.map(([fieldName, type, typeName]) => ({
              name: fieldName,
              type,
              typeName: typeName ?? null,
              docs: [],
            })),
          })),
        },
      },
      path,
      params,
    );
  }

  /** An enum of unit variants (errors, simple choices), indexed in order. */
  units(path: string[], names: string[]): number {
    return this.variant(
      path,
      names.map((name, index) => [name, index]),
    );
  }
}

/** A field of a struct or enum variant: [name (null in a tuple struct), type id, Rust type name]. */
export type FieldSpec = [string | null, number, string?];

// SCALE encoders for constant and default values.

const le = (value: bigint, bytes: number): Uint8Array => {
  const out = new Uint8Array(bytes);
  let v = value;
  for (let i = 0; i < bytes; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};
export const u8 = (v: number) => le(BigInt(v), 1);
export const u16 = (v: number) => le(BigInt(v), 2);
export const u32 = (v: number) => le(BigInt(v), 4);
export const u64 = (v: bigint) => le(v, 8);
export const u128 = (v: bigint) => le(v, 16);
export const str = (s: string) => {
  const bytes = stringToU8a(s);
  return u8aConcat(compactToU8a(bytes.length), bytes);
};
export const hex = (...parts: Uint8Array[]) => u8aToHex(u8aConcat(...parts));

/** The zero value of a fixed-size type, as hex. */
export const zero = (bytes: number) => u8aToHex(new Uint8Array(bytes));

type Modifier = 'Default' | 'Optional';

/** A pallet constant: its type id and its SCALE value as hex. */
export const constant = (name: string, type: number, value: string) => ({
  name,
  type,
  value,
  docs: [],
});

/** A plain storage value. */
export const plain = (
  name: string,
  type: number,
  fallback: string,
  modifier: Modifier = 'Default',
) => ({
  name,
  modifier,
  type: { Plain: type },
  fallback,
  docs: [],
});

/** A storage map with one hasher. */
export const map = (
  name: string,
  hasher: 'Blake2_128Concat' | 'Twox64Concat',
  key: number,
  value: number,
  fallback: string,
  modifier: Modifier = 'Default',
) => ({
  name,
  modifier,
  type: { Map: { hashers: [hasher], key, value } },
  fallback,
  docs: [],
});

type StorageItem = ReturnType<typeof plain> | ReturnType<typeof map>;

/** A pallet as the V14 metadata lists it. */
export interface PalletMetadata {
  name: string;
  index: number;
  storage: { prefix: string; items: StorageItem[] };
  calls: { type: number } | null;
  events: { type: number } | null;
  constants: ReturnType<typeof constant>[];
  errors: { type: number } | null;
}

/**
 * What a pallet module gives the runtime description: the ids of its call and event enums (for
 * the outer RuntimeCall and RuntimeEvent), and its metadata entry, built once every type of the
 * runtime is known (the System pallet stores the outer event records).
 */
export interface PalletTypes {
  name: string;
  index: number;
  call?: number;
  event?: number;
  metadata: (events: number) => PalletMetadata;
}
