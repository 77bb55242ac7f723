import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Metadata, TypeRegistry } from '@polkadot/types';
import type { Call } from '@polkadot/types/interfaces';
import { expandMetadata } from '@polkadot/types/metadata';
import type { Codec, RegistryTypes } from '@polkadot/types/types';
import { compactStripLength, hexToU8a, isBn, u8aConcat, u8aToHex } from '@polkadot/util';
import { metadataHashOf } from '@robonomics-dapp/robonomics/chain/metadata/hash';
import { ExecContext, type Origin } from './context.ts';
import { buildMetadataV15 } from './metadata-v15.ts';
import type { DispatchErrorValue, RuntimeCodec } from './runtime-codec.ts';
import { ScaleWalker } from './scale-walk.ts';
import type { WorkingState } from './state.ts';
import type { FeeParts, Weight } from './weights.ts';

export const METADATA_FILE = fileURLToPath(
  new URL('../../../data/robonomics-runtime-metadata.scale', import.meta.url),
);

/** Runtime identity of the production chain the devnet stands in for (spec 43). */
export const RUNTIME_VERSION = {
  specName: 'robonomics',
  implName: 'robonomics-airalab',
  authoringVersion: 1,
  specVersion: 43,
  implVersion: 1,
  transactionVersion: 4,
  stateVersion: 1,
};

export interface RuntimeOptions {
  /** Override of RWS.AuctionDuration (blocks), patched into the served metadata too. */
  auctionDuration?: number;
}

/**
 * RuntimeVersion as state_getRuntimeVersion returns it (the apis come from the metadata);
 * runtimes from before 2021's state versions have no stateVersion.
 */
export type RuntimeVersionInfo = Omit<typeof RUNTIME_VERSION, 'stateVersion'> & {
  stateVersion?: number;
};

/** What system_properties returns. */
export interface ChainProperties {
  ss58Format: number;
  tokenDecimals: number;
  tokenSymbol: string;
}

/**
 * The chain-specific behaviour the engine (node, pool, RPC) calls into: pallet dispatch, block
 * hooks, genesis, weights and fees.
 */
export interface RuntimeLogic {
  /** Routes a call to its pallet (throws DispatchFailure on error). */
  dispatch(ctx: ExecContext, call: Call, origin: Origin): void;
  /** on_initialize of the pallets, before the timestamp inherent. */
  onInitialize(ctx: ExecContext, blockNumber: number): void;
  /** Writes the chain's genesis storage (accounts, issuance, pallet config). */
  genesis(ctx: ExecContext): void;
  callWeight(call: Call): Weight;
  paysFee(call: Call): boolean;
  /** Calls that pay at submission but not once they succeed (Pays::No after dispatch). */
  refundsFee?(call: Call): boolean;
  /** The inclusion fee of a transaction of `length` bytes (tip excluded). */
  inclusionFee(call: Call, length: number): FeeParts & { total: bigint; weight: Weight };
  /** Where transaction fees go (Balances.Deposit). */
  feeDestination: Uint8Array;
  /**
   * Whether paying a fee deposits Balances.Withdraw and Balances.Deposit (default). Runtimes
   * whose fee handler moves the fee silently (Crust's) set false.
   */
  feeEvents?: boolean;
}

/** Everything that makes one chain: its metadata, identity and behaviour. */
export interface RuntimeDescription {
  /** SCALE-encoded metadata (V14, or V13 with `types`) served to clients and used for every encoding. */
  metadata: Uint8Array;
  /** Legacy type definitions a V13 metadata needs (it names its types without describing them). */
  types?: RegistryTypes;
  version: RuntimeVersionInfo;
  properties: ChainProperties;
  /** system_chain, system_name, system_version. */
  chainName: string;
  nodeName: string;
  nodeVersion: string;
  logic: RuntimeLogic;
  /**
   * After an upgrade that left calls out: the metadata with every call, which the next upgrade
   * starts from (so a later upgrade can bring a call back). Absent: `metadata` has every call.
   */
  metadataWithEveryCall?: Uint8Array;
}

/** The Robonomics metadata file, with the optional constant override applied. */
export function robonomicsMetadata(options: RuntimeOptions = {}): Uint8Array {
  let bytes: Uint8Array = readFileSync(METADATA_FILE);
  if (options.auctionDuration !== undefined)
    bytes = patchConstant(bytes, 'RWS', 'AuctionDuration', options.auctionDuration);
  return bytes;
}

type Decorated = RuntimeCodec['decorated'];

/**
 * A runtime metadata and everything derived from it: the type registry, storage keys, value,
 * event and error encodings. All bytes the devnet produces go through this registry so clients
 * decode them exactly as they would from a real node. The description says which chain it is.
 */
export class Runtime implements RuntimeCodec {
  readonly registry: TypeRegistry;
  readonly metadata: Metadata;
  readonly metadataBytes: Uint8Array;
  readonly decorated: Decorated;
  readonly apis: [string, number][];
  /** RWS.AuctionDuration (0 on a chain without RWS). */
  readonly auctionDuration: number;
  readonly version: RuntimeVersionInfo;
  readonly properties: ChainProperties;
  readonly logic: RuntimeLogic;
  readonly description: RuntimeDescription;
  /** Balances.ExistentialDeposit of the metadata. */
  readonly existentialDeposit: bigint;
  /** How a signed extrinsic is laid out (for reading the call out of fee queries). */
  readonly extrinsicLayout: { multiAddress: boolean; metadataHashMode: boolean };
  /** Whether the chain's Weight is the single u64 of the pre-2022 runtimes (V13 metadata). */
  readonly weightV1: boolean;
  /** Whether a module error carries one error byte (pre-2022 runtimes) instead of four. */
  readonly moduleErrorU8: boolean;
  /** System.BlockLength and BlockWeights for normal transactions (none given: no limit). */
  readonly blockLimits: { normalLength: number; normalRefTime: bigint };
  readonly #palletIndex = new Map<string, number>();
  readonly #eventType = new Map<string, string>();
  readonly #errorType = new Map<string, string>();
  readonly #valueType = new Map<string, string>();
  #v15: Uint8Array | undefined;
  #metadataHash: `0x${string}` | undefined;
  #walk:
    | { walker: ScaleWalker; address: number; call: number; signature: number; extra: number }
    | null
    | undefined;

  /**
   * The RFC-0078 hash of the metadata this runtime serves, with its token (XRT, 9): what a
   * transaction signed with CheckMetadataHash in mode 1 must commit to, as the on-chain builds
   * have it built in (docs/real-runtime.md). Made on first use (a third of a second).
   */
  get metadataHash(): `0x${string}` {
    this.#metadataHash ??= metadataHashOf(this.metadataBytes, {
      decimals: this.properties.tokenDecimals,
      symbol: this.properties.tokenSymbol,
    });
    return this.#metadataHash;
  }

  constructor(description: RuntimeDescription) {
    this.description = description;
    this.version = description.version;
    this.properties = description.properties;
    this.logic = description.logic;
    const bytes = description.metadata;
    this.metadataBytes = bytes;
    this.registry = new TypeRegistry();
    if (description.types) this.registry.register(description.types);
    this.metadata = new Metadata(this.registry, bytes);
    this.registry.setMetadata(this.metadata, undefined, undefined, true);
    this.decorated = expandMetadata(this.registry, this.metadata);
    for (const pallet of this.metadata.asLatest.pallets) {
      const name = pallet.name.toString();
      this.#palletIndex.set(name, pallet.index.toNumber());
      if (pallet.events.isSome)
        this.#eventType.set(name, this.registry.createLookupType(pallet.events.unwrap().type));
      if (pallet.errors.isSome)
        this.#errorType.set(name, this.registry.createLookupType(pallet.errors.unwrap().type));
    }
    this.apis = (
      this.decorated.consts.system.version.toJSON() as { apis: [string, number][] }
    ).apis;
    const consts = this.decorated.consts;
    this.auctionDuration = consts.rws ? Number(consts.rws.auctionDuration!.toString()) : 0;
    this.existentialDeposit = BigInt(consts.balances?.existentialDeposit?.toString() ?? '0');
    const length = consts.system?.blockLength?.toJSON() as
      | { max?: { normal?: number } }
      | undefined;
    const weights = consts.system?.blockWeights?.toJSON() as
      | { perClass?: { normal?: { maxTotal?: { refTime?: number | string } | null } } }
      | undefined;
    const maxTotal = weights?.perClass?.normal?.maxTotal?.refTime;
    this.blockLimits = {
      normalLength: length?.max?.normal ?? Number.MAX_SAFE_INTEGER,
      normalRefTime:
        maxTotal === undefined ? BigInt(Number.MAX_SAFE_INTEGER) ** 2n : BigInt(maxTotal),
    };
    const extrinsic = this.metadata.asV14.extrinsic;
    const metadataHashMode = extrinsic.signedExtensions.some(
      (e) => e.identifier.toString() === 'CheckMetadataHash',
    );
    if (this.metadata.version < 14) {
      // Legacy metadata does not describe the extrinsic: its Address is the registered type.
      this.extrinsicLayout = {
        multiAddress: this.registry.createType('Address').toU8a().length !== 32,
        metadataHashMode,
      };
    } else {
      const address = this.registry.lookup.getSiType(extrinsic.type).params[0]?.type;
      this.extrinsicLayout = {
        multiAddress:
          !address ||
          address.isNone ||
          this.registry.lookup.getSiType(address.unwrap()).path.join('::') ===
            'sp_runtime::multiaddress::MultiAddress',
        metadataHashMode,
      };
    }
    this.weightV1 = isBn(this.registry.createType('Weight'));
    this.moduleErrorU8 = isBn(
      (this.registry.createType('DispatchErrorModule') as unknown as { error: unknown }).error,
    );
  }

  /**
   * What the pallets see while block `number` runs at `now` over `state`: nested calls dispatch
   * through this runtime's pallets.
   */
  context(state: WorkingState, number: number, now: bigint): ExecContext {
    return new ExecContext(this, state, number, now, (ctx, call, origin) =>
      this.logic.dispatch(ctx, call, origin),
    );
  }

  /**
   * This runtime after an upgrade: the new spec version (in the runtime version and in
   * System.Version), the changed constants and the calls it lacks; the pallet rules stay the same
   * code, reading the constants from the new metadata. A call the metadata lacks does not decode,
   * as on a real chain whose runtime has no such call.
   */
  upgraded(upgrade: RuntimeUpgrade): Runtime {
    if (this.metadata.version < 14) throw new Error('only a V14 runtime can be upgraded');
    if (!Number.isInteger(upgrade.specVersion) || upgrade.specVersion <= this.version.specVersion) {
      throw new Error(
        `the new spec version must be a whole number above ${this.version.specVersion}`,
      );
    }
    const everyCall = withConstants(
      this.description.metadataWithEveryCall ?? this.metadataBytes,
      upgrade.constants ?? {},
      upgrade.specVersion,
    );
    const lacking = upgrade.withoutCalls ?? [];
    return new Runtime({
      ...this.description,
      metadata: lacking.length ? withoutCalls(everyCall, lacking) : everyCall,
      metadataWithEveryCall: lacking.length ? everyCall : undefined,
      version: { ...this.version, specVersion: upgrade.specVersion },
    });
  }

  /** Metadata V15 of this runtime (built once, on first use; see metadata-v15.ts). */
  get metadataV15(): Uint8Array {
    this.#v15 ??= buildMetadataV15(this);
    return this.#v15;
  }

  /** A weight as this chain's Weight type takes it. */
  weight(weight: Weight): bigint | { refTime: bigint; proofSize: bigint } {
    return this.weightV1
      ? weight.refTime
      : { refTime: weight.refTime, proofSize: weight.proofSize };
  }

  /** Whether the metadata declares this event (not every chain has every FRAME event). */
  hasEvent(pallet: string, name: string): boolean {
    return this.#eventVariant(pallet, name) !== undefined;
  }

  #eventVariant(pallet: string, name: string) {
    const type = this.#eventType.get(pallet);
    if (!type) return undefined;
    return this.registry.lookup
      .getSiType(type as `Lookup${number}`)
      .def.asVariant.variants.find((v) => v.name.toString() === name);
  }

  /**
   * A walker over the extrinsic's parts (address, signature, extensions, call), or null when the
   * metadata does not name them.
   */
  get extrinsicWalk() {
    if (this.#walk === undefined) {
      try {
        const params = this.registry.lookup.getSiType(this.metadata.asV14.extrinsic.type).params;
        const id = (name: string) => {
          const param = params.find((p) => p.name.toString() === name);
          if (!param || param.type.isNone) throw new Error(`no ${name} type`);
          return param.type.unwrap().toNumber();
        };
        this.#walk = {
          walker: new ScaleWalker(this.metadata.asLatest.lookup),
          address: id('Address'),
          call: id('Call'),
          signature: id('Signature'),
          extra: id('Extra'),
        };
      } catch {
        this.#walk = null;
      }
    }
    return this.#walk;
  }

  palletIndex(pallet: string): number {
    const index = this.#palletIndex.get(pallet);
    if (index === undefined) throw new Error(`no pallet ${pallet}`);
    return index;
  }

  #entry(section: string, item: string) {
    const entry = this.decorated.query[section]?.[item];
    if (!entry) throw new Error(`no storage ${section}.${item}`);
    return entry;
  }

  /** The full storage key (hashers applied, no length prefix; see docs/devnet.md). */
  key(section: string, item: string, ...args: unknown[]): string {
    const entry = this.#entry(section, item);
    const raw = args.length === 0 ? entry() : args.length === 1 ? entry(args[0]) : entry(args);
    return u8aToHex(compactStripLength(raw)[1]);
  }

  /** twox128(pallet) ++ twox128(item): every key of a map starts with it. */
  prefix(section: string, item: string): string {
    return u8aToHex(this.#entry(section, item).keyPrefix());
  }

  valueType(section: string, item: string): string {
    const id = `${section}.${item}`;
    let name = this.#valueType.get(id);
    if (!name) {
      const type = this.#entry(section, item).meta.type;
      name = this.registry.createLookupType(type.isMap ? type.asMap.value : type.asPlain);
      this.#valueType.set(id, name);
    }
    return name;
  }

  /** Whether a missing value reads as the type's default (ValueQuery) or as None. */
  isOptional(section: string, item: string): boolean {
    return this.#entry(section, item).meta.modifier.isOptional;
  }

  fallback(section: string, item: string): Uint8Array {
    return this.#entry(section, item).meta.fallback.toU8a(true);
  }

  /** SCALE bytes as hex (Codec.toHex() is big-endian for numbers, not the encoding). */
  encode(type: string, value: unknown): string {
    return u8aToHex(this.registry.createType(type, value).toU8a());
  }

  /**
   * Decodes SCALE bytes. Hex goes through bytes first: given a hex string, @polkadot/types reads a
   * number type as a big-endian value (0x01000000 would become 16777216, not 1).
   */
  decode<T extends Codec = Codec>(type: string, bytes: string | Uint8Array): T {
    return this.registry.createType(
      type,
      typeof bytes === 'string' ? hexToU8a(bytes) : bytes,
    ) as unknown as T;
  }

  /** Event bytes: pallet index ++ the pallet's event enum (see docs/devnet.md). */
  event(pallet: string, name: string, data: Record<string, unknown> | unknown[]): Uint8Array {
    const type = this.#eventType.get(pallet);
    if (!type) throw new Error(`pallet ${pallet} has no events`);
    const value = this.registry.createType(type, { [name]: this.#eventFields(pallet, name, data) });
    if (value.toJSON() === null) throw new Error(`cannot encode ${pallet}.${name}`);
    return u8aConcat([this.palletIndex(pallet)], value.toU8a());
  }

  /**
   * Legacy (V13) events have unnamed fields: named data is passed on in declaration order, which
   * is the order the pallets write their fields in.
   */
  #eventFields(
    pallet: string,
    name: string,
    data: Record<string, unknown> | unknown[],
  ): Record<string, unknown> | unknown[] {
    if (Array.isArray(data)) return data;
    const variant = this.#eventVariant(pallet, name);
    if (!variant || variant.fields.every((f) => f.name.isSome)) return data;
    const values = Object.values(data);
    return values.length === 1 ? (values[0] as unknown[]) : values;
  }

  /** DispatchError::Module of a pallet error, by name. */
  moduleError(pallet: string, name: string): DispatchErrorValue {
    const type = this.#errorType.get(pallet);
    if (!type) throw new Error(`pallet ${pallet} has no errors`);
    const index = (this.registry.createType(type, name) as unknown as { index: number }).index;
    return {
      Module: {
        index: this.palletIndex(pallet),
        error: this.moduleErrorU8 ? index : u8aToHex(new Uint8Array([index, 0, 0, 0])),
      },
    };
  }
}

/** A constant's new value: SCALE bytes as hex, or a whole number for an integer constant. */
export type ConstantValue = string | number | bigint;

/**
 * A runtime upgrade as the devnet applies it (dev_upgradeRuntime): the new spec version, the
 * constants whose values change and the calls the new runtime lacks (as spec 42 lacks
 * `RWS.transfer`). Everything else (pallets, storage, types) stays, so every key and event still
 * decodes (see docs/json-rpc.md).
 */
export interface RuntimeUpgrade {
  specVersion: number;
  /** New constant values by pallet and constant name (`{ RWS: { MinimalBid: 2000000000 } }`). */
  constants?: Record<string, Record<string, ConstantValue>>;
  /**
   * Calls the new runtime does not have, as `Pallet.call_name` (`RWS.transfer`). An upgrade
   * without it has every call of the genesis runtime, including ones an earlier upgrade left out.
   */
  withoutCalls?: string[];
}

/**
 * Re-encodes V14 metadata with constants changed: a number is encoded as the constant's own
 * integer type, a hex string is taken as the SCALE bytes. System.Version's spec version follows
 * `specVersion` when given, as a real runtime's does.
 */
export function withConstants(
  bytes: Uint8Array,
  constants: Record<string, Record<string, ConstantValue>>,
  specVersion?: number,
): Uint8Array {
  const registry = new TypeRegistry();
  const metadata = new Metadata(registry, bytes);
  registry.setMetadata(metadata, undefined, undefined, true);
  const json = metadata.asV14.toJSON() as {
    pallets: { name: string; constants: { name: string; type: number; value: string }[] }[];
  };
  const constantOf = (pallet: string, name: string) => {
    const entry = json.pallets
      .find((p) => p.name === pallet)
      ?.constants.find((c) => c.name === name);
    if (!entry) throw new Error(`no constant ${pallet}.${name}`);
    return entry;
  };
  for (const [pallet, values] of Object.entries(constants)) {
    for (const [name, value] of Object.entries(values)) {
      const entry = constantOf(pallet, name);
      const type = registry.createLookupType(entry.type);
      if (typeof value === 'string') {
        if (!/^0x([0-9a-f]{2})*$/i.test(value)) throw new Error(`${pallet}.${name}: not hex`);
        const decoded = registry.createType(type, hexToU8a(value));
        if (decoded.encodedLength !== (value.length - 2) / 2) {
          throw new Error(`${pallet}.${name}: the bytes do not fit its type`);
        }
        entry.value = value;
      } else {
        const decoded = registry.createType(type, hexToU8a(entry.value));
        if (!isBn(decoded)) throw new Error(`${pallet}.${name} is not a number`);
        const encoded = registry.createType(type, value);
        if (BigInt(encoded.toString()) !== BigInt(value)) {
          throw new Error(`${pallet}.${name}: ${value} does not fit its type`);
        }
        entry.value = u8aToHex(encoded.toU8a());
      }
    }
  }
  if (specVersion !== undefined) {
    const entry = constantOf('System', 'Version');
    const type = registry.createLookupType(entry.type);
    const version = registry.createType(type, hexToU8a(entry.value)).toJSON() as Record<
      string,
      unknown
    >;
    entry.value = u8aToHex(registry.createType(type, { ...version, specVersion }).toU8a());
  }
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: { v14: json },
  } as never).toU8a();
}

/**
 * Re-encodes V14 metadata without some calls (`Pallet.call_name`): their variants leave the
 * pallet's call enum, the others keep their indices. Throws for a call the metadata lacks.
 */
export function withoutCalls(bytes: Uint8Array, calls: readonly string[]): Uint8Array {
  const registry = new TypeRegistry();
  const metadata = new Metadata(registry, bytes);
  const json = metadata.asV14.toJSON() as {
    pallets: { name: string; calls: { type: number } | null }[];
    lookup: {
      types: { id: number; type: { def: { variant?: { variants: { name: string }[] } } } }[];
    };
  };
  for (const entry of calls) {
    const [palletName, callName] = entry.split('.');
    const pallet = json.pallets.find((p) => p.name === palletName);
    const variants = json.lookup.types.find((t) => t.id === pallet?.calls?.type)?.type.def.variant
      ?.variants;
    const index = variants?.findIndex((v) => v.name === callName) ?? -1;
    if (!variants || index === -1) throw new Error(`no call ${entry}`);
    variants.splice(index, 1);
  }
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: { v14: json },
  } as never).toU8a();
}

/** Re-encodes the metadata with one u32 constant changed. */
function patchConstant(
  bytes: Uint8Array,
  pallet: string,
  constant: string,
  value: number,
): Uint8Array {
  return withConstants(bytes, { [pallet]: { [constant]: value } });
}
