import * as knownApis from '@dedot/runtime-specs';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { blake2AsHex } from '@polkadot/util-crypto';

/** A scale-info type as @polkadot/types' PortableRegistry JSON holds it. */
interface PortableType {
  id: number;
  type: {
    path: string[];
    params: { name: string; type: number | null }[];
    def: Record<string, unknown>;
    docs: string[];
  };
}

interface V14Json {
  lookup: { types: PortableType[] };
  pallets: ({ name: string; index: number; errors: { type: number } | null } & Record<
    string,
    unknown
  >)[];
  extrinsic: { type: number; version: number; signedExtensions: unknown[] };
  type: number;
}

/** A runtime API as @dedot/runtime-specs describes it. */
interface KnownApi {
  version?: number;
  versions?: number[];
  methods: Record<
    string,
    { docs?: string | string[]; params: { name: string; type: string }[]; type: string }
  >;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const docsOf = (docs: string | string[] | undefined) =>
  docs === undefined ? [] : Array.isArray(docs) ? docs : [docs];

/**
 * The lookup of the V14 metadata, extended with the types the runtime API descriptions name.
 * Existing types are found by path (AccountId32, Header, Weight…) or shape (u32, Vec<u8>,
 * Option<T>…) and reused; the others are added after the existing ones, so every type id of the
 * V14 metadata keeps its meaning.
 */
class LookupBuilder {
  readonly types: PortableType[];
  readonly #byKey = new Map<string, number>();

  constructor(types: PortableType[]) {
    this.types = types;
    for (const t of types) {
      const key = this.#key(t.type.path, t.type.params, t.type.def);
      if (!this.#byKey.has(key)) this.#byKey.set(key, t.id);
    }
  }

  #key(path: string[], params: { name: string; type: number | null }[], def: unknown) {
    // A named type is known by its path and parameters; an unnamed one by its shape.
    return path.length > 0
      ? `${path.join('::')}<${params.map((p) => p.type).join(',')}>`
      : JSON.stringify(def);
  }

  /** The id of a type with this path, parameters and definition (added when missing). */
  add(
    def: Record<string, unknown>,
    path: string[] = [],
    params: { name: string; type: number | null }[] = [],
  ): number {
    const key = this.#key(path, params, def);
    const known = this.#byKey.get(key);
    if (known !== undefined) return known;
    const id = this.types.length;
    this.types.push({ id, type: { path, params, def, docs: [] } });
    this.#byKey.set(key, id);
    return id;
  }

  /** The first existing type of a path (types of the runtime itself, such as its Header). */
  byPath(path: string): number {
    const found = this.types.find((t) => t.type.path.join('::') === path);
    if (!found) throw new Error(`the metadata has no type ${path}`);
    return found.id;
  }

  primitive(name: string): number {
    return this.add({ primitive: name });
  }
  sequence(type: number): number {
    return this.add({ sequence: { type } });
  }
  array(len: number, type: number): number {
    return this.add({ array: { len, type } });
  }
  tuple(types: number[]): number {
    return this.add({ tuple: types });
  }
  composite(path: string, fields: [string | null, number][], params: [string, number][] = []) {
    return this.add(
      {
        composite: {
          fields: fields.map(([name, type]) => ({ name, type, typeName: null, docs: [] })),
        },
      },
      path.split('::'),
      params.map(([name, type]) => ({ name, type })),
    );
  }
  variant(
    path: string,
    variants: [string, number | null][],
    params: [string, number][] = [],
  ): number {
    return this.add(
      {
        variant: {
          variants: variants.map(([name, field], index) => ({
            name,
            fields: field === null ? [] : [{ name: null, type: field, typeName: null, docs: [] }],
            index,
            docs: [],
          })),
        },
      },
      path.split('::'),
      params.map(([name, type]) => ({ name, type })),
    );
  }
  option(type: number): number {
    return this.variant(
      'Option',
      [
        ['None', null],
        ['Some', type],
      ],
      [['T', type]],
    );
  }
  result(ok: number, err: number): number {
    return this.variant(
      'Result',
      [
        ['Ok', ok],
        ['Err', err],
      ],
      [
        ['T', ok],
        ['E', err],
      ],
    );
  }
}

/**
 * Resolves the type names of the runtime API descriptions (`Option<OpaqueMetadata>`,
 * `Array<[Bytes, KeyTypeId]>`, `ApplyExtrinsicResult`…) to lookup ids, as the runtime's own
 * V15 metadata declares them (see docs/json-rpc.md).
 */
function typeResolver(lookup: LookupBuilder, extrinsicType: number) {
  const u8 = () => lookup.primitive('U8');
  const bytes = () => lookup.sequence(u8());
  const u32 = () => lookup.primitive('U32');
  const u64 = () => lookup.primitive('U64');
  const u128 = () => lookup.primitive('U128');
  const bool = () => lookup.primitive('Bool');
  const unit = () => lookup.tuple([]);
  const inherentData = () =>
    lookup.composite('sp_inherents::InherentData', [
      [
        'data',
        lookup.composite(
          'BTreeMap',
          [[null, lookup.sequence(lookup.tuple([lookup.array(8, u8()), bytes()]))]],
          [
            ['K', lookup.array(8, u8())],
            ['V', bytes()],
          ],
        ),
      ],
    ]);
  const validityError = () =>
    lookup.variant('sp_runtime::transaction_validity::TransactionValidityError', [
      [
        'Invalid',
        lookup.variant(
          'sp_runtime::transaction_validity::InvalidTransaction',
          (
            [
              'Call',
              'Payment',
              'Future',
              'Stale',
              'BadProof',
              'AncientBirthBlock',
              'ExhaustsResources',
              'Custom',
              'BadMandatory',
              'MandatoryValidation',
              'BadSigner',
              'IndeterminateImplicit',
              'UnknownOrigin',
            ] as const
          ).map((name) => [name, name === 'Custom' ? u8() : null]),
        ),
      ],
      [
        'Unknown',
        lookup.variant('sp_runtime::transaction_validity::UnknownTransaction', [
          ['CannotLookup', null],
          ['NoUnsignedValidator', null],
          ['Custom', u8()],
        ]),
      ],
    ]);

  const named: Record<string, () => number> = {
    u8,
    u16: () => lookup.primitive('U16'),
    u32,
    u64,
    u128,
    bool,
    Text: () => lookup.primitive('Str'),
    Bytes: bytes,
    RawBytes: bytes,
    OpaqueMetadata: bytes,
    Nonce: u32,
    Balance: u128,
    BlockNumber: u32,
    AccountId32: () => lookup.byPath('sp_core::crypto::AccountId32'),
    BlockHash: () => lookup.byPath('primitive_types::H256'),
    Hash: () => lookup.byPath('primitive_types::H256'),
    H256: () => lookup.byPath('primitive_types::H256'),
    Header: () => lookup.byPath('sp_runtime::generic::header::Header'),
    RuntimeVersion: () => lookup.byPath('sp_version::RuntimeVersion'),
    Weight: () => lookup.byPath('sp_weights::weight_v2::Weight'),
    DispatchError: () => lookup.byPath('sp_runtime::DispatchError'),
    KeyTypeId: () => lookup.byPath('sp_core::crypto::KeyTypeId'),
    // The runtime's own extrinsic type (it encodes as bytes with their length).
    OpaqueExtrinsic: () => extrinsicType,
    Block: () =>
      lookup.composite('sp_runtime::generic::block::Block', [
        ['header', named.Header!()],
        ['extrinsics', lookup.sequence(extrinsicType)],
      ]),
    InherentData: inherentData,
    CheckInherentsResult: () =>
      lookup.composite('sp_inherents::CheckInherentsResult', [
        ['okay', bool()],
        ['fatal_error', bool()],
        ['errors', inherentData()],
      ]),
    ApplyExtrinsicResult: () =>
      lookup.result(lookup.result(unit(), named.DispatchError!()), validityError()),
    TransactionSource: () =>
      lookup.variant('sp_runtime::transaction_validity::TransactionSource', [
        ['InBlock', null],
        ['Local', null],
        ['External', null],
      ]),
    TransactionValidity: () =>
      lookup.result(
        lookup.composite('sp_runtime::transaction_validity::ValidTransaction', [
          ['priority', u64()],
          ['requires', lookup.sequence(bytes())],
          ['provides', lookup.sequence(bytes())],
          ['longevity', u64()],
          ['propagate', bool()],
        ]),
        validityError(),
      ),
    RuntimeDispatchInfo: () =>
      lookup.composite(
        'pallet_transaction_payment::types::RuntimeDispatchInfo',
        [
          ['weight', named.Weight!()],
          ['class', lookup.byPath('frame_support::dispatch::DispatchClass')],
          ['partial_fee', u128()],
        ],
        [
          ['Balance', u128()],
          ['Weight', named.Weight!()],
        ],
      ),
    // FeeDetails' tip is not encoded (the runtime skips it).
    FeeDetails: () =>
      lookup.composite(
        'pallet_transaction_payment::types::FeeDetails',
        [
          [
            'inclusion_fee',
            lookup.option(
              lookup.composite(
                'pallet_transaction_payment::types::InclusionFee',
                [
                  ['base_fee', u128()],
                  ['len_fee', u128()],
                  ['adjusted_weight_fee', u128()],
                ],
                [['Balance', u128()]],
              ),
            ),
          ],
        ],
        [['Balance', u128()]],
      ),
  };

  /** Parses and resolves one type expression. */
  return (expression: string): number => {
    const tokens = expression.match(/[A-Za-z_][A-Za-z0-9_]*|\d+|[<>,[\];]/g) ?? [];
    let at = 0;
    const expect = (token: string) => {
      if (tokens[at++] !== token) throw new Error(`unexpected type expression ${expression}`);
    };
    const parse = (): number => {
      const token = tokens[at++];
      if (token === undefined) throw new Error(`unexpected end of ${expression}`);
      if (token === '[') {
        if (tokens[at] === ']') {
          at++;
          return unit();
        }
        const first = parse();
        if (tokens[at] === ';') {
          at++;
          const len = Number(tokens[at++]);
          expect(']');
          return lookup.array(len, first);
        }
        const items = [first];
        while (tokens[at] === ',') {
          at++;
          items.push(parse());
        }
        expect(']');
        return lookup.tuple(items);
      }
      if (tokens[at] === '<') {
        at++;
        const args = [parse()];
        while (tokens[at] === ',') {
          at++;
          args.push(parse());
        }
        expect('>');
        if ((token === 'Array' || token === 'Vec') && args.length === 1) {
          return lookup.sequence(args[0]!);
        }
        if (token === 'Option' && args.length === 1) return lookup.option(args[0]!);
        if (token === 'Result' && args.length === 2) return lookup.result(args[0]!, args[1]!);
        throw new Error(`unknown generic type ${token}`);
      }
      const resolve = named[token];
      if (!resolve) throw new Error(`unknown type ${token}`);
      return resolve();
    };
    const id = parse();
    if (at !== tokens.length) throw new Error(`unexpected type expression ${expression}`);
    return id;
  };
}

/** Runtime API descriptions by the blake2-64 hash of their names. */
const KNOWN_BY_HASH = new Map<string, { name: string; defs: KnownApi[] }>(
  Object.entries(knownApis)
    .filter(([, value]) => Array.isArray(value))
    .map(([name, value]) => [blake2AsHex(name, 64), { name, defs: value as KnownApi[] }]),
);

/** The description of an API at a version: that version's, or the newest one before it. */
function definitionAt(defs: KnownApi[], version: number): KnownApi | undefined {
  const exact = defs.find((d) => d.version === version || d.versions?.includes(version));
  if (exact) return exact;
  return defs
    .filter((d) => (d.version ?? Math.max(...(d.versions ?? [0]))) < version)
    .sort((a, b) => (b.version ?? 0) - (a.version ?? 0))[0];
}

/**
 * Metadata V15 of a runtime with V14 metadata: the same lookup (extended), pallets (with empty
 * docs), the extrinsic's address, call, signature and extra types, the outer enums (RuntimeCall,
 * RuntimeEvent and a RuntimeError built from the pallets' errors), the runtime APIs the runtime
 * version lists and @dedot/runtime-specs describes, and an empty custom section. Encoded with
 * @polkadot/types (see docs/json-rpc.md).
 */
export function buildMetadataV15(runtime: {
  metadata: Metadata;
  apis: readonly [string, number][];
}): Uint8Array {
  const v14 = runtime.metadata.asV14.toJSON() as unknown as V14Json;
  const lookup = new LookupBuilder(v14.lookup.types.map((t) => structuredClone(t)));
  const extrinsicType = lookup.types[v14.extrinsic.type]!;
  const param = (name: string) => {
    const found = extrinsicType.type.params.find((p) => p.name === name)?.type;
    if (found === null || found === undefined) throw new Error(`no extrinsic ${name} type`);
    return found;
  };
  const callType = param('Call');
  const eventType = lookup.byPath(
    `${lookup.types[callType]!.type.path.slice(0, -1).join('::')}::RuntimeEvent`,
  );
  const errorVariants = v14.pallets
    .filter((p) => p.errors !== null)
    .sort((a, b) => a.index - b.index)
    .map((p) => ({
      name: p.name,
      fields: [
        {
          name: null,
          type: p.errors!.type,
          typeName: lookup.types[p.errors!.type]!.type.path.join('::'),
          docs: [],
        },
      ],
      index: p.index,
      docs: [],
    }));
  const errorType = lookup.add({ variant: { variants: errorVariants } }, [
    ...lookup.types[callType]!.type.path.slice(0, -1),
    'RuntimeError',
  ]);

  const resolve = typeResolver(lookup, v14.extrinsic.type);
  const apis: unknown[] = [];
  for (const [hash, version] of runtime.apis) {
    const known = KNOWN_BY_HASH.get(hash);
    if (!known) continue;
    const def = definitionAt(known.defs, version);
    if (!def) continue;
    apis.push({
      name: known.name,
      methods: Object.entries(def.methods).map(([name, method]) => ({
        name: snake(name),
        inputs: method.params.map((p) => ({ name: snake(p.name), type: resolve(p.type) })),
        output: resolve(method.type),
        docs: docsOf(method.docs),
      })),
      docs: [],
    });
  }

  const registry = new TypeRegistry();
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: {
      v15: {
        lookup: { types: lookup.types },
        pallets: v14.pallets.map((p) => ({ ...p, docs: [] })),
        extrinsic: {
          version: v14.extrinsic.version,
          addressType: param('Address'),
          callType,
          signatureType: param('Signature'),
          extraType: param('Extra'),
          signedExtensions: v14.extrinsic.signedExtensions,
        },
        type: v14.type,
        apis,
        outerEnums: { callType, eventType, errorType },
        custom: { map: {} },
      },
    },
  } as never).toU8a();
}
