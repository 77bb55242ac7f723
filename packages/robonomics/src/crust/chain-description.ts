import { $MetadataV14 } from 'dedot/codecs';
import * as $ from 'dedot/shape';

/**
 * Just enough of a Crust node's metadata (V13, as Crust mainnet serves it, or V14) to talk to its
 * storage market: where Market and its storage live, how place_storage_order is indexed, how an
 * account and a signed extrinsic are laid out, and the words of the module errors. Anything this
 * client could not encode or decode correctly makes the network unsupported (docs/crust.md).
 */

export const CRUST_UNSUPPORTED = 'This storage network is not supported';

/** The node is not a storage network this client can use (shown as CRUST_UNSUPPORTED). */
export class CrustUnsupportedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(CRUST_UNSUPPORTED);
    this.name = 'CrustUnsupportedError';
    this.reason = reason;
  }
}

type Hasher = 'blake2_128Concat' | 'twox64Concat' | string;

interface StorageItem {
  hashers: Hasher[];
  /** SCALE bytes of the value when the key is absent (null for Option-like items). */
  fallback: Uint8Array | null;
}

/** Signed extensions this client can fill in; any other makes the network unsupported. */
const KNOWN_EXTENSIONS = new Set([
  'CheckNonZeroSender',
  'CheckSpecVersion',
  'CheckTxVersion',
  'CheckGenesis',
  'CheckMortality',
  'CheckEra',
  'CheckNonce',
  'CheckWeight',
  'ChargeTransactionPayment',
  'CheckMetadataHash',
  'StorageWeightReclaim',
  'WeightReclaim',
]);

/** How System.Account's value is laid out: byte offset of `data.free`, and its frozen fields. */
export interface AccountLayout {
  /** Bytes before data.free: nonce and the reference counts (12 with two counts, 16 with three). */
  dataOffset: number;
  /** `frozen` (one amount, current FRAME) or `misc-fee` (misc_frozen and fee_frozen, Crust). */
  frozen: 'frozen' | 'misc-fee';
}

export interface CrustChain {
  metadataVersion: 13 | 14;
  /** Pallet index of Market and the call index of place_storage_order. */
  placeStorageOrder: [number, number];
  /** The extrinsic's Address: the AccountId itself (Crust) or a MultiAddress. */
  address: 'AccountId' | 'MultiAddress';
  signedExtensions: string[];
  account: AccountLayout;
  /** Module error encoding: one error byte (2021 FRAME) or four. */
  moduleErrorBytes: 1 | 4;
  /** Weight in DispatchInfo: one u64 (2021 FRAME) or ref_time and proof_size as compacts. */
  weight: 'u64' | 'v2';
  /** System's pallet index and the indices of ExtrinsicSuccess and ExtrinsicFailed. */
  systemEvents: { pallet: number; success: number; failed: number };
  storage: {
    systemAccount: StorageItem;
    systemEvents: StorageItem;
    filesV2: StorageItem;
    fileBaseFee: StorageItem;
    fileByteFee: StorageItem;
  };
  /** A module error in words: the docs the runtime gives it, by pallet and error index. */
  errorDocs(pallet: number, error: number): { name: string; docs: string } | null;
}

// ---------------------------------------------------------------- V13 (legacy) metadata

const $HasherV13 = $.FlatEnum([
  'blake2_128',
  'blake2_256',
  'blake2_128Concat',
  'twox128',
  'twox256',
  'twox64Concat',
  'identity',
]);
const $Docs = $.Vec($.str);
const $MetadataV13 = $.Struct({
  modules: $.Vec(
    $.Struct({
      name: $.str,
      storage: $.Option(
        $.Struct({
          prefix: $.str,
          items: $.Vec(
            $.Struct({
              name: $.str,
              modifier: $.FlatEnum(['Optional', 'Default']),
              type: $.Enum({
                Plain: $.str,
                Map: $.Struct({ hasher: $HasherV13, key: $.str, value: $.str, linked: $.bool }),
                DoubleMap: $.Struct({
                  hasher: $HasherV13,
                  key1: $.str,
                  key2: $.str,
                  value: $.str,
                  key2Hasher: $HasherV13,
                }),
                NMap: $.Struct({ keys: $.Vec($.str), hashers: $.Vec($HasherV13), value: $.str }),
              }),
              fallback: $.U8a,
              docs: $Docs,
            }),
          ),
        }),
      ),
      calls: $.Option(
        $.Vec(
          $.Struct({
            name: $.str,
            args: $.Vec($.Struct({ name: $.str, type: $.str })),
            docs: $Docs,
          }),
        ),
      ),
      events: $.Option($.Vec($.Struct({ name: $.str, args: $.Vec($.str), docs: $Docs }))),
      constants: $.Vec($.Struct({ name: $.str, type: $.str, value: $.U8a, docs: $Docs })),
      errors: $.Vec($.Struct({ name: $.str, docs: $Docs })),
      index: $.u8,
    }),
  ),
  extrinsic: $.Struct({ version: $.u8, signedExtensions: $.Vec($.str) }),
});

const docsText = (docs: readonly string[]) =>
  docs
    .map((d) => d.trim())
    .join(' ')
    .trim();

/** The description common to both readers, checked for what this client needs. */
interface Pallet {
  name: string;
  index: number;
  storage: Map<string, StorageItem>;
  calls: Map<string, number>;
  events: Map<string, number>;
  errors: { name: string; docs: string }[];
}

function readV13(bytes: Uint8Array, specName: string): CrustChain {
  let metadata: ReturnType<typeof $MetadataV13.decode>;
  try {
    metadata = $MetadataV13.decode(bytes);
  } catch {
    throw new CrustUnsupportedError('its V13 metadata does not decode');
  }
  // V13 names its types without describing them: the layouts below are those of the Crust
  // runtime's own types, so a V13 node has to be Crust.
  if (specName !== 'crust') throw new CrustUnsupportedError(`a V13 runtime "${specName}"`);
  const pallets: Pallet[] = metadata.modules.map((m) => ({
    name: m.name,
    index: m.index,
    storage: new Map(
      (m.storage?.items ?? []).map((item) => [
        item.name,
        {
          hashers:
            item.type.type === 'Plain'
              ? []
              : item.type.type === 'Map'
                ? [item.type.value.hasher]
                : item.type.type === 'DoubleMap'
                  ? [item.type.value.hasher, item.type.value.key2Hasher]
                  : item.type.value.hashers,
          fallback: item.modifier === 'Optional' ? null : item.fallback,
        },
      ]),
    ),
    calls: new Map((m.calls ?? []).map((c, i) => [c.name, i])),
    events: new Map((m.events ?? []).map((e, i) => [e.name, i])),
    errors: m.errors.map((e) => ({ name: e.name, docs: docsText(e.docs) })),
  }));
  const market = pallets.find((p) => p.name === 'Market');
  const call = market?.calls.get('place_storage_order');
  const args = metadata.modules.find((m) => m.name === 'Market')?.calls?.[call ?? -1]?.args;
  if (args && args.map((a) => a.name).join() !== 'cid,reported_file_size,tips,_memo') {
    throw new CrustUnsupportedError('place_storage_order takes other arguments');
  }
  return describe(pallets, {
    metadataVersion: 13,
    address: 'AccountId',
    signedExtensions: metadata.extrinsic.signedExtensions,
    extrinsicVersion: metadata.extrinsic.version,
    account: { dataOffset: 12, frozen: 'misc-fee' },
    moduleErrorBytes: 1,
    weight: 'u64',
  });
}

// ---------------------------------------------------------------- V14 metadata

type V14 = ReturnType<typeof $MetadataV14.decode>;
type TypeDef = V14['types'][number]['typeDef'];

function readV14(bytes: Uint8Array): CrustChain {
  let metadata: V14;
  try {
    metadata = $MetadataV14.decode(bytes);
  } catch {
    throw new CrustUnsupportedError('its V14 metadata does not decode');
  }
  const types = metadata.types;
  const def = (id: number): TypeDef => {
    const type = types[id];
    if (!type) throw new CrustUnsupportedError(`a type ${id} it does not describe`);
    return type.typeDef;
  };
  const fields = (id: number) => {
    const d = def(id);
    return d.type === 'Struct' ? d.value.fields : [];
  };
  const variants = (id: number | undefined) => {
    if (id === undefined) return [];
    const d = def(id);
    return d.type === 'Enum' ? d.value.members : [];
  };
  const pallets: Pallet[] = metadata.pallets.map((p) => ({
    name: p.name,
    index: p.index,
    storage: new Map(
      (p.storage?.entries ?? []).map((entry) => [
        entry.name,
        {
          hashers: entry.storageType.type === 'Map' ? entry.storageType.value.hashers : [],
          fallback: entry.modifier === 'Optional' ? null : hexBytes(entry.default),
        },
      ]),
    ),
    calls: new Map(variants(p.calls).map((v) => [v.name, v.index])),
    events: new Map(variants(p.event).map((v) => [v.name, v.index])),
    errors: variants(p.error).reduce<{ name: string; docs: string }[]>((list, v) => {
      list[v.index] = { name: v.name, docs: docsText(v.docs) };
      return list;
    }, []),
  }));
  const entry = (pallet: string, item: string) => {
    const p = metadata.pallets.find((x) => x.name === pallet);
    const e = p?.storage?.entries.find((x) => x.name === item);
    return e?.storageType.value.valueTypeId;
  };

  // The extrinsic's Address: from the UncheckedExtrinsic type's parameters.
  const extrinsicType = types[metadata.extrinsic.typeId];
  const addressId = extrinsicType?.params.find((p) => p.name === 'Address')?.typeId;
  const addressPath = addressId === undefined ? [] : (types[addressId]?.path ?? []);
  const address =
    addressPath.join('::') === 'sp_runtime::multiaddress::MultiAddress'
      ? 'MultiAddress'
      : addressPath.at(-1) === 'AccountId32'
        ? 'AccountId'
        : null;
  if (!address) throw new CrustUnsupportedError('an extrinsic address it does not know');

  // System.Account: nonce, two or three reference counts, then data { free, reserved, … }.
  const accountId = entry('System', 'Account');
  const accountFields = accountId === undefined ? [] : fields(accountId).map((f) => f.name);
  const data =
    accountId === undefined ? undefined : fields(accountId).find((f) => f.name === 'data');
  const dataFields = data ? fields(data.typeId).map((f) => f.name) : [];
  const counts = accountFields.indexOf('data');
  const frozen =
    dataFields.join() === 'free,reserved,frozen,flags'
      ? 'frozen'
      : dataFields.join() === 'free,reserved,misc_frozen,fee_frozen'
        ? 'misc-fee'
        : null;
  if (accountFields[0] !== 'nonce' || (counts !== 3 && counts !== 4) || !frozen) {
    throw new CrustUnsupportedError('an account layout it does not know');
  }

  // Market.FilesV2 must be the FileInfoV2 of the Crust market.
  const fileId = entry('Market', 'FilesV2');
  const fileFields = fileId === undefined ? [] : fields(fileId).map((f) => f.name);
  if (
    fileId !== undefined &&
    fileFields.join() !==
      'file_size,spower,expired_at,calculated_at,amount,prepaid,reported_replica_count,remaining_paid_count,replicas'
  ) {
    throw new CrustUnsupportedError('a FilesV2 it does not know');
  }

  // DispatchInfo's weight and ModuleError's width, from System.ExtrinsicFailed.
  const system = metadata.pallets.find((p) => p.name === 'System');
  const failed = variants(system?.event).find((v) => v.name === 'ExtrinsicFailed');
  const errorId = failed?.fields[0]?.typeId;
  const infoId = failed?.fields[1]?.typeId;
  const moduleVariant = variants(errorId).find((v) => v.name === 'Module');
  const moduleError = moduleVariant?.fields[0] ? fields(moduleVariant.fields[0].typeId) : [];
  const errorField = moduleError.find((f) => f.name === 'error');
  const errorDef = errorField ? def(errorField.typeId) : null;
  const weightField =
    infoId === undefined ? undefined : fields(infoId).find((f) => f.name === 'weight');
  const weightDef = weightField ? def(weightField.typeId) : null;
  if (!errorDef || !weightDef) throw new CrustUnsupportedError('events it does not know');

  return describe(pallets, {
    metadataVersion: 14,
    address,
    signedExtensions: metadata.extrinsic.signedExtensions.map((e) => e.ident),
    extrinsicVersion: metadata.extrinsic.version,
    account: { dataOffset: counts * 4, frozen },
    moduleErrorBytes: errorDef.type === 'SizedVec' && errorDef.value.len === 4 ? 4 : 1,
    weight: weightDef.type === 'Struct' ? 'v2' : 'u64',
  });
}

function hexBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// ---------------------------------------------------------------- common checks

function describe(
  pallets: Pallet[],
  found: Omit<
    CrustChain,
    'placeStorageOrder' | 'storage' | 'errorDocs' | 'systemEvents' | 'signedExtensions'
  > & { signedExtensions: string[]; extrinsicVersion: number },
): CrustChain {
  const market = pallets.find((p) => p.name === 'Market');
  const system = pallets.find((p) => p.name === 'System');
  if (!market) throw new CrustUnsupportedError('no storage market');
  if (!system) throw new CrustUnsupportedError('no System pallet');
  const call = market.calls.get('place_storage_order');
  if (call === undefined) throw new CrustUnsupportedError('no place_storage_order');
  if (found.extrinsicVersion !== 4) {
    throw new CrustUnsupportedError(`extrinsics of version ${found.extrinsicVersion}`);
  }
  const unknown = found.signedExtensions.filter((e) => !KNOWN_EXTENSIONS.has(e));
  if (unknown.length > 0) {
    throw new CrustUnsupportedError(`signed extensions ${unknown.join(', ')}`);
  }
  const item = (pallet: Pallet, name: string, hasher?: Hasher): StorageItem => {
    const found = pallet.storage.get(name);
    if (!found || (hasher !== undefined && found.hashers.join() !== hasher)) {
      throw new CrustUnsupportedError(`no ${pallet.name}.${name} as the Crust market has it`);
    }
    return found;
  };
  const success = system.events.get('ExtrinsicSuccess');
  const failed = system.events.get('ExtrinsicFailed');
  if (success === undefined || failed === undefined) {
    throw new CrustUnsupportedError('no extrinsic outcome events');
  }
  const { extrinsicVersion: _version, ...rest } = found;
  return {
    ...rest,
    placeStorageOrder: [market.index, call],
    systemEvents: { pallet: system.index, success, failed },
    storage: {
      systemAccount: item(system, 'Account', 'blake2_128Concat'),
      systemEvents: item(system, 'Events'),
      filesV2: item(market, 'FilesV2', 'twox64Concat'),
      fileBaseFee: item(market, 'FileBaseFee'),
      fileByteFee: item(market, 'FileByteFee'),
    },
    errorDocs: (pallet, error) => {
      const entry = pallets.find((p) => p.index === pallet)?.errors[error];
      return entry ?? null;
    },
  };
}

const MAGIC = 0x6174656d; // "meta", little-endian

/** Reads a node's metadata (magic ++ version ++ body); throws CrustUnsupportedError. */
export function readCrustMetadata(bytes: Uint8Array, specName: string): CrustChain {
  if (bytes.length < 5) throw new CrustUnsupportedError('no metadata');
  const magic = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
  if (magic !== MAGIC) throw new CrustUnsupportedError('no metadata');
  const version = bytes[4];
  const body = bytes.subarray(5);
  if (version === 13) return readV13(body, specName);
  if (version === 14) return readV14(body);
  throw new CrustUnsupportedError(`metadata V${version}`);
}
