import { Metadata, TypeRegistry } from '@polkadot/types';
import { compactToU8a, stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util';

/**
 * A hand-built V14 metadata for a Crust-like storage chain (docs/crust.md):
 * System, Timestamp, Balances, TransactionPayment and Crust's `market` pallet, with the type
 * paths @polkadot/api and dedot key on, so both decode it unmodified.
 */

type Primitive = 'Bool' | 'Str' | 'U8' | 'U16' | 'U32' | 'U64' | 'U128';

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

interface PortableType {
  id: number;
  type: { path: string[]; params: { name: string; type: number | null }[]; def: TypeDef; docs: [] };
}

/** Interns types into the lookup table: the same definition always gets the same id. */
class TypeTable {
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

/** Pallet indices, following Crust mainnet's construct_runtime! order (Market = 26). */
export const PALLET_INDEX = {
  System: 0,
  Timestamp: 3,
  Balances: 5,
  TransactionPayment: 6,
  Market: 26,
} as const;

export interface CrustMetadataConstants {
  ss58Prefix: number;
  version: {
    specName: string;
    implName: string;
    authoringVersion: number;
    specVersion: number;
    implVersion: number;
    transactionVersion: number;
    stateVersion: number;
  };
  apis: [string, number][];
  blockHashCount: number;
  minimumPeriod: bigint;
  existentialDeposit: bigint;
  transactionByteFee: bigint;
  market: {
    fileDuration: number;
    fileReplica: number;
    initFileByteFee: bigint;
    initFileKeysCountFee: bigint;
    initMaxFileBaseFee: bigint;
    initMaxFileByteFee: bigint;
    initMaxFileKeysCountFee: bigint;
    stakingRatioPerbill: number;
    storageRatioPerbill: number;
    maximumFileSize: bigint;
  };
}

// ---------------------------------------------------------------- SCALE helpers for values

const le = (value: bigint, bytes: number): Uint8Array => {
  const out = new Uint8Array(bytes);
  let v = value;
  for (let i = 0; i < bytes; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};
const u8 = (v: number) => le(BigInt(v), 1);
const u16 = (v: number) => le(BigInt(v), 2);
const u32 = (v: number) => le(BigInt(v), 4);
const u64 = (v: bigint) => le(v, 8);
const u128 = (v: bigint) => le(v, 16);
const str = (s: string) => {
  const bytes = stringToU8a(s);
  return u8aConcat(compactToU8a(bytes.length), bytes);
};
const hex = (...parts: Uint8Array[]) => u8aToHex(u8aConcat(...parts));

/** Builds the metadata and returns its SCALE bytes (magic number ++ version 14 ++ V14). */
export function buildCrustMetadata(c: CrustMetadataConstants): Uint8Array {
  const t = new TypeTable();
  const U8 = t.primitive('U8');
  const U16 = t.primitive('U16');
  const U32 = t.primitive('U32');
  const U64 = t.primitive('U64');
  const U128 = t.primitive('U128');
  const BOOL = t.primitive('Bool');
  const STR = t.primitive('Str');
  const BYTES = t.seq(U8);
  const U8x4 = t.array(4, U8);
  const U8x8 = t.array(8, U8);
  const U8x32 = t.array(32, U8);
  const U8x64 = t.array(64, U8);
  const U8x65 = t.array(65, U8);
  const COMPACT_U32 = t.compact(U32);
  const COMPACT_U64 = t.compact(U64);
  const COMPACT_U128 = t.compact(U128);
  const UNIT = t.tuple();

  const ACCOUNT = t.composite(['sp_core', 'crypto', 'AccountId32'], [[null, U8x32, '[u8; 32]']]);
  const H256 = t.composite(['primitive_types', 'H256'], [[null, U8x32, '[u8; 32]']]);
  const VEC_H256 = t.seq(H256);
  const option = (inner: number) =>
    t.variant(
      ['Option'],
      [
        ['None', 0],
        ['Some', 1, [[null, inner]]],
      ],
      [['T', inner]],
    );
  const OPTION_U32 = option(U32);
  const PERBILL = t.composite(['sp_arithmetic', 'per_things', 'Perbill'], [[null, U32, 'u32']]);
  const FIXED_U128 = t.composite(
    ['sp_arithmetic', 'fixed_point', 'FixedU128'],
    [[null, U128, 'u128']],
  );
  const PALLET_ID = t.composite(['frame_support', 'PalletId'], [[null, U8x8, '[u8; 8]']]);

  // Dispatch results.
  const WEIGHT = t.composite(
    ['sp_weights', 'weight_v2', 'Weight'],
    [
      ['ref_time', COMPACT_U64, 'u64'],
      ['proof_size', COMPACT_U64, 'u64'],
    ],
  );
  const DISPATCH_CLASS = t.units(
    ['frame_support', 'dispatch', 'DispatchClass'],
    ['Normal', 'Operational', 'Mandatory'],
  );
  const PAYS = t.units(['frame_support', 'dispatch', 'Pays'], ['Yes', 'No']);
  const DISPATCH_INFO = t.composite(
    ['frame_support', 'dispatch', 'DispatchInfo'],
    [
      ['weight', WEIGHT, 'Weight'],
      ['class', DISPATCH_CLASS, 'DispatchClass'],
      ['pays_fee', PAYS, 'Pays'],
    ],
  );
  const MODULE_ERROR = t.composite(
    ['sp_runtime', 'ModuleError'],
    [
      ['index', U8, 'u8'],
      ['error', U8x4, '[u8; MAX_MODULE_ERROR_ENCODED_SIZE]'],
    ],
  );
  const TOKEN_ERROR = t.units(
    ['sp_runtime', 'TokenError'],
    [
      'FundsUnavailable',
      'OnlyProvider',
      'BelowMinimum',
      'CannotCreate',
      'UnknownAsset',
      'Frozen',
      'Unsupported',
      'CannotCreateHold',
      'NotExpendable',
      'Blocked',
    ],
  );
  const ARITHMETIC_ERROR = t.units(
    ['sp_arithmetic', 'ArithmeticError'],
    ['Underflow', 'Overflow', 'DivisionByZero'],
  );
  const TRANSACTIONAL_ERROR = t.units(
    ['sp_runtime', 'TransactionalError'],
    ['LimitReached', 'NoLayer'],
  );
  const DISPATCH_ERROR = t.variant(
    ['sp_runtime', 'DispatchError'],
    [
      ['Other', 0],
      ['CannotLookup', 1],
      ['BadOrigin', 2],
      ['Module', 3, [[null, MODULE_ERROR, 'ModuleError']]],
      ['ConsumerRemaining', 4],
      ['NoProviders', 5],
      ['TooManyConsumers', 6],
      ['Token', 7, [[null, TOKEN_ERROR, 'TokenError']]],
      ['Arithmetic', 8, [[null, ARITHMETIC_ERROR, 'ArithmeticError']]],
      ['Transactional', 9, [[null, TRANSACTIONAL_ERROR, 'TransactionalError']]],
      ['Exhausted', 10],
      ['Corruption', 11],
      ['Unavailable', 12],
      ['RootNotAllowed', 13],
    ],
  );

  // System.
  const EXTRA_FLAGS = t.composite(['pallet_balances', 'types', 'ExtraFlags'], [[null, U128]]);
  const ACCOUNT_DATA = t.composite(
    ['pallet_balances', 'types', 'AccountData'],
    [
      ['free', U128, 'Balance'],
      ['reserved', U128, 'Balance'],
      ['frozen', U128, 'Balance'],
      ['flags', EXTRA_FLAGS, 'ExtraFlags'],
    ],
    [['Balance', U128]],
  );
  const ACCOUNT_INFO = t.composite(
    ['frame_system', 'AccountInfo'],
    [
      ['nonce', U32, 'Nonce'],
      ['consumers', U32, 'RefCount'],
      ['providers', U32, 'RefCount'],
      ['sufficients', U32, 'RefCount'],
      ['data', ACCOUNT_DATA, 'AccountData'],
    ],
    [
      ['Nonce', U32],
      ['AccountData', ACCOUNT_DATA],
    ],
  );
  const PHASE = t.variant(
    ['frame_system', 'Phase'],
    [
      ['ApplyExtrinsic', 0, [[null, U32, 'u32']]],
      ['Finalization', 1],
      ['Initialization', 2],
    ],
  );
  const SYSTEM_CALL = t.variant(
    ['frame_system', 'pallet', 'Call'],
    [
      ['remark', 0, [['remark', BYTES, 'Vec<u8>']]],
      ['remark_with_event', 7, [['remark', BYTES, 'Vec<u8>']]],
    ],
  );
  const SYSTEM_EVENT = t.variant(
    ['frame_system', 'pallet', 'Event'],
    [
      ['ExtrinsicSuccess', 0, [['dispatch_info', DISPATCH_INFO, 'DispatchInfo']]],
      [
        'ExtrinsicFailed',
        1,
        [
          ['dispatch_error', DISPATCH_ERROR, 'DispatchError'],
          ['dispatch_info', DISPATCH_INFO, 'DispatchInfo'],
        ],
      ],
      ['CodeUpdated', 2],
      ['NewAccount', 3, [['account', ACCOUNT, 'T::AccountId']]],
      ['KilledAccount', 4, [['account', ACCOUNT, 'T::AccountId']]],
      [
        'Remarked',
        5,
        [
          ['sender', ACCOUNT, 'T::AccountId'],
          ['hash', H256, 'T::Hash'],
        ],
      ],
    ],
  );
  const SYSTEM_ERROR = t.units(
    ['frame_system', 'pallet', 'Error'],
    [
      'InvalidSpecName',
      'SpecVersionNeedsToIncrease',
      'FailedToExtractRuntimeVersion',
      'NonDefaultComposite',
      'NonZeroRefCount',
      'CallFiltered',
    ],
  );
  const API_ENTRY = t.tuple(U8x8, U32);
  const RUNTIME_VERSION = t.composite(
    ['sp_version', 'RuntimeVersion'],
    [
      ['spec_name', STR, 'RuntimeString'],
      ['impl_name', STR, 'RuntimeString'],
      ['authoring_version', U32, 'u32'],
      ['spec_version', U32, 'u32'],
      ['impl_version', U32, 'u32'],
      ['apis', t.seq(API_ENTRY), 'ApisVec'],
      ['transaction_version', U32, 'u32'],
      ['state_version', U8, 'u8'],
    ],
  );

  // Timestamp.
  const TIMESTAMP_CALL = t.variant(
    ['pallet_timestamp', 'pallet', 'Call'],
    [['set', 0, [['now', COMPACT_U64, 'T::Moment']]]],
  );

  // Balances (Address = AccountId on Crust: the lookup source is the account itself).
  const BALANCES_CALL = t.variant(
    ['pallet_balances', 'pallet', 'Call'],
    [
      [
        'transfer_allow_death',
        0,
        [
          ['dest', ACCOUNT, 'AccountIdLookupOf<T>'],
          ['value', COMPACT_U128, 'T::Balance'],
        ],
      ],
      [
        'transfer_keep_alive',
        3,
        [
          ['dest', ACCOUNT, 'AccountIdLookupOf<T>'],
          ['value', COMPACT_U128, 'T::Balance'],
        ],
      ],
      [
        'transfer_all',
        4,
        [
          ['dest', ACCOUNT, 'AccountIdLookupOf<T>'],
          ['keep_alive', BOOL, 'bool'],
        ],
      ],
    ],
  );
  const whoAmount: [string, number, string][] = [
    ['who', ACCOUNT, 'T::AccountId'],
    ['amount', U128, 'T::Balance'],
  ];
  const BALANCES_EVENT = t.variant(
    ['pallet_balances', 'pallet', 'Event'],
    [
      [
        'Endowed',
        0,
        [
          ['account', ACCOUNT, 'T::AccountId'],
          ['free_balance', U128, 'T::Balance'],
        ],
      ],
      [
        'DustLost',
        1,
        [
          ['account', ACCOUNT, 'T::AccountId'],
          ['amount', U128, 'T::Balance'],
        ],
      ],
      [
        'Transfer',
        2,
        [
          ['from', ACCOUNT, 'T::AccountId'],
          ['to', ACCOUNT, 'T::AccountId'],
          ['amount', U128, 'T::Balance'],
        ],
      ],
      [
        'BalanceSet',
        3,
        [
          ['who', ACCOUNT, 'T::AccountId'],
          ['free', U128, 'T::Balance'],
        ],
      ],
      ['Reserved', 4, whoAmount],
      ['Unreserved', 5, whoAmount],
      ['Deposit', 7, whoAmount],
      ['Withdraw', 8, whoAmount],
      ['Slashed', 9, whoAmount],
    ],
  );
  const BALANCES_ERROR = t.units(
    ['pallet_balances', 'pallet', 'Error'],
    [
      'VestingBalance',
      'LiquidityRestrictions',
      'InsufficientBalance',
      'ExistentialDeposit',
      'Expendability',
      'ExistingVestingSchedule',
      'DeadAccount',
      'TooManyReserves',
      'TooManyHolds',
      'TooManyFreezes',
      'IssuanceDeactivated',
      'DeltaZero',
    ],
  );
  const REASONS = t.units(['pallet_balances', 'types', 'Reasons'], ['Fee', 'Misc', 'All']);
  const BALANCE_LOCK = t.composite(
    ['pallet_balances', 'types', 'BalanceLock'],
    [
      ['id', U8x8, 'LockIdentifier'],
      ['amount', U128, 'Balance'],
      ['reasons', REASONS, 'Reasons'],
    ],
    [['Balance', U128]],
  );

  const RESERVE_DATA = t.composite(
    ['pallet_balances', 'types', 'ReserveData'],
    [
      ['id', U8x8, 'ReserveIdentifier'],
      ['amount', U128, 'Balance'],
    ],
    [
      ['ReserveIdentifier', U8x8],
      ['Balance', U128],
    ],
  );

  // TransactionPayment.
  const PAYMENT_EVENT = t.variant(
    ['pallet_transaction_payment', 'pallet', 'Event'],
    [
      [
        'TransactionFeePaid',
        0,
        [
          ['who', ACCOUNT, 'T::AccountId'],
          ['actual_fee', U128, 'BalanceOf<T>'],
          ['tip', U128, 'BalanceOf<T>'],
        ],
      ],
    ],
  );

  // Market (Crust's legacy decl_* pallet: tuple events, MerkleRoot = Vec<u8>).
  const REPLICA = t.composite(
    ['market', 'Replica'],
    [
      ['who', ACCOUNT, 'AccountId'],
      ['valid_at', U32, 'BlockNumber'],
      ['anchor', BYTES, 'SworkerAnchor'],
      ['is_reported', BOOL, 'bool'],
      ['created_at', OPTION_U32, 'Option<BlockNumber>'],
    ],
    [['AccountId', ACCOUNT]],
  );
  const REPLICAS = t.composite(
    ['BTreeMap'],
    [[null, t.seq(t.tuple(ACCOUNT, REPLICA))]],
    [
      ['K', ACCOUNT],
      ['V', REPLICA],
    ],
  );
  const FILE_INFO = t.composite(
    ['market', 'FileInfoV2'],
    [
      ['file_size', U64, 'u64'],
      ['spower', U64, 'u64'],
      ['expired_at', U32, 'BlockNumber'],
      ['calculated_at', U32, 'BlockNumber'],
      ['amount', COMPACT_U128, 'Balance'],
      ['prepaid', COMPACT_U128, 'Balance'],
      ['reported_replica_count', U32, 'u32'],
      ['remaining_paid_count', U32, 'u32'],
      ['replicas', REPLICAS, 'BTreeMap<AccountId, Replica<AccountId>>'],
    ],
    [
      ['AccountId', ACCOUNT],
      ['Balance', U128],
    ],
  );
  const CID_SET = t.composite(['BTreeSet'], [[null, t.seq(BYTES)]], [['T', BYTES]]);
  const MARKET_CALL = t.variant(
    ['market', 'Call'],
    [
      [
        'place_storage_order',
        0,
        [
          ['cid', BYTES, 'MerkleRoot'],
          ['reported_file_size', U64, 'u64'],
          ['tips', COMPACT_U128, 'BalanceOf<T>'],
          ['_memo', BYTES, 'Vec<u8>'],
        ],
      ],
      [
        'add_prepaid',
        1,
        [
          ['cid', BYTES, 'MerkleRoot'],
          ['amount', COMPACT_U128, 'BalanceOf<T>'],
        ],
      ],
    ],
  );
  const MARKET_EVENT = t.variant(
    ['market', 'RawEvent'],
    [
      [
        'FileSuccess',
        0,
        [
          [null, ACCOUNT, 'AccountId'],
          [null, BYTES, 'MerkleRoot'],
        ],
      ],
      [
        'RenewFileSuccess',
        1,
        [
          [null, ACCOUNT, 'AccountId'],
          [null, BYTES, 'MerkleRoot'],
        ],
      ],
      [
        'AddPrepaidSuccess',
        2,
        [
          [null, ACCOUNT, 'AccountId'],
          [null, BYTES, 'MerkleRoot'],
          [null, U128, 'Balance'],
        ],
      ],
      ['CalculateSuccess', 3, [[null, BYTES, 'MerkleRoot']]],
      ['IllegalFileClosed', 4, [[null, BYTES, 'MerkleRoot']]],
      ['RewardMerchantSuccess', 5, [[null, ACCOUNT, 'AccountId']]],
      ['SetEnableMarketSuccess', 6, [[null, BOOL, 'bool']]],
      ['SetBaseFeeSuccess', 7, [[null, U128, 'Balance']]],
      ['SetSpowerSuperiorSuccess', 8, [[null, ACCOUNT, 'AccountId']]],
      [
        'UpdateReplicasSuccess',
        9,
        [
          [null, ACCOUNT, 'AccountId'],
          [null, U32, 'BlockNumber'],
          [null, U32, 'u32'],
          [null, U32, 'BlockNumber'],
        ],
      ],
      ['FileClosed', 10, [[null, BYTES, 'MerkleRoot']]],
    ],
  );
  const MARKET_ERROR = t.units(
    ['market', 'Error'],
    [
      'InsufficientCurrency',
      'FileSizeNotCorrect',
      'NotInRewardPeriod',
      'NotEnoughReward',
      'FileTooLarge',
      'PlaceOrderNotAvailable',
      'FileNotExist',
      'SpowerSuperiorNotSet',
      'IllegalSpowerSuperior',
      'ExceedCalculateSpowerFilesLimit',
      'FileFeeAdjustIntervalInvalid',
      'MaxFeeLessThanMinFee',
      'BaseFeeIncreaseThresholdLargerThanDecreaseThreshold',
    ],
  );

  // Outer enums: variant index = pallet index.
  const RUNTIME_CALL = t.variant(
    ['crust_runtime', 'RuntimeCall'],
    [
      ['System', PALLET_INDEX.System, [[null, SYSTEM_CALL]]],
      ['Timestamp', PALLET_INDEX.Timestamp, [[null, TIMESTAMP_CALL]]],
      ['Balances', PALLET_INDEX.Balances, [[null, BALANCES_CALL]]],
      ['Market', PALLET_INDEX.Market, [[null, MARKET_CALL]]],
    ],
  );
  const RUNTIME_EVENT = t.variant(
    ['crust_runtime', 'RuntimeEvent'],
    [
      ['System', PALLET_INDEX.System, [[null, SYSTEM_EVENT]]],
      ['Balances', PALLET_INDEX.Balances, [[null, BALANCES_EVENT]]],
      ['TransactionPayment', PALLET_INDEX.TransactionPayment, [[null, PAYMENT_EVENT]]],
      ['Market', PALLET_INDEX.Market, [[null, MARKET_EVENT]]],
    ],
  );
  const EVENT_RECORD = t.composite(
    ['frame_system', 'EventRecord'],
    [
      ['phase', PHASE, 'Phase'],
      ['event', RUNTIME_EVENT, 'E'],
      ['topics', VEC_H256, 'Vec<T>'],
    ],
    [
      ['E', RUNTIME_EVENT],
      ['T', H256],
    ],
  );
  const EVENTS = t.seq(EVENT_RECORD);

  // Extrinsic: Address = AccountId, MultiSignature, Crust's signed extensions.
  const MULTI_SIGNATURE = t.variant(
    ['sp_runtime', 'MultiSignature'],
    [
      [
        'Ed25519',
        0,
        [[null, t.composite(['sp_core', 'ed25519', 'Signature'], [[null, U8x64, '[u8; 64]']])]],
      ],
      [
        'Sr25519',
        1,
        [[null, t.composite(['sp_core', 'sr25519', 'Signature'], [[null, U8x64, '[u8; 64]']])]],
      ],
      [
        'Ecdsa',
        2,
        [[null, t.composite(['sp_core', 'ecdsa', 'Signature'], [[null, U8x65, '[u8; 65]']])]],
      ],
    ],
  );
  const eraVariants: [string, number, [string | null, number, string?][]?][] = [['Immortal', 0]];
  for (let i = 1; i < 256; i++) eraVariants.push([`Mortal${i}`, i, [[null, U8]]]);
  const ERA = t.variant(['sp_runtime', 'generic', 'era', 'Era'], eraVariants);
  const RUNTIME_MARKER = t.composite(['crust_runtime', 'Runtime'], []);
  const ext = (name: string, module: string, fields: [string | null, number, string?][] = []) =>
    t.composite(['frame_system', 'extensions', module, name], fields, [['T', RUNTIME_MARKER]]);
  const CHECK_SPEC = ext('CheckSpecVersion', 'check_spec_version');
  const CHECK_TX = ext('CheckTxVersion', 'check_tx_version');
  const CHECK_GENESIS = ext('CheckGenesis', 'check_genesis');
  const CHECK_MORTALITY = ext('CheckMortality', 'check_mortality', [[null, ERA, 'Era']]);
  const CHECK_NONCE = ext('CheckNonce', 'check_nonce', [[null, COMPACT_U32, 'T::Nonce']]);
  const CHECK_WEIGHT = ext('CheckWeight', 'check_weight');
  const CHARGE = t.composite(
    ['pallet_transaction_payment', 'ChargeTransactionPayment'],
    [[null, COMPACT_U128, 'BalanceOf<T>']],
    [['T', RUNTIME_MARKER]],
  );
  const signedExtensions = [
    { identifier: 'CheckSpecVersion', type: CHECK_SPEC, additionalSigned: U32 },
    { identifier: 'CheckTxVersion', type: CHECK_TX, additionalSigned: U32 },
    { identifier: 'CheckGenesis', type: CHECK_GENESIS, additionalSigned: H256 },
    { identifier: 'CheckMortality', type: CHECK_MORTALITY, additionalSigned: H256 },
    { identifier: 'CheckNonce', type: CHECK_NONCE, additionalSigned: UNIT },
    { identifier: 'CheckWeight', type: CHECK_WEIGHT, additionalSigned: UNIT },
    { identifier: 'ChargeTransactionPayment', type: CHARGE, additionalSigned: UNIT },
  ];
  const EXTRA = t.tuple(...signedExtensions.map((e) => e.type));
  const UNCHECKED_EXTRINSIC = t.composite(
    ['sp_runtime', 'generic', 'unchecked_extrinsic', 'UncheckedExtrinsic'],
    [[null, BYTES]],
    [
      ['Address', ACCOUNT],
      ['Call', RUNTIME_CALL],
      ['Signature', MULTI_SIGNATURE],
      ['Extra', EXTRA],
    ],
  );

  // ------------------------------------------------------------ constant and default values
  const m = c.market;
  const apis = u8aConcat(
    compactToU8a(c.apis.length),
    ...c.apis.map(([id, version]) => u8aConcat(id, u32(version))),
  );
  const runtimeVersion = hex(
    str(c.version.specName),
    str(c.version.implName),
    u32(c.version.authoringVersion),
    u32(c.version.specVersion),
    u32(c.version.implVersion),
    apis,
    u32(c.version.transactionVersion),
    u8(c.version.stateVersion),
  );
  const constant = (name: string, type: number, value: string) => ({
    name,
    type,
    value,
    docs: [],
  });
  const plain = (
    name: string,
    type: number,
    fallback: string,
    modifier: 'Default' | 'Optional' = 'Default',
  ) => ({ name, modifier, type: { Plain: type }, fallback, docs: [] });
  const map = (
    name: string,
    hasher: 'Blake2_128Concat' | 'Twox64Concat',
    key: number,
    value: number,
    fallback: string,
    modifier: 'Default' | 'Optional' = 'Default',
  ) => ({
    name,
    modifier,
    type: { Map: { hashers: [hasher], key, value } },
    fallback,
    docs: [],
  });
  const zero = (bytes: number) => u8aToHex(new Uint8Array(bytes));
  const accountInfoDefault = hex(new Uint8Array(16 + 48), u128(1n << 127n));

  const pallets = [
    {
      name: 'System',
      index: PALLET_INDEX.System,
      storage: {
        prefix: 'System',
        items: [
          map('Account', 'Blake2_128Concat', ACCOUNT, ACCOUNT_INFO, accountInfoDefault),
          plain('ExtrinsicCount', U32, '0x00', 'Optional'),
          map('BlockHash', 'Twox64Concat', U32, H256, zero(32)),
          plain('Number', U32, zero(4)),
          plain('ParentHash', H256, zero(32)),
          plain('Events', EVENTS, '0x00'),
          plain('EventCount', U32, zero(4)),
        ],
      },
      calls: { type: SYSTEM_CALL },
      events: { type: SYSTEM_EVENT },
      constants: [
        constant('BlockHashCount', U32, hex(u32(c.blockHashCount))),
        constant('Version', RUNTIME_VERSION, runtimeVersion),
        constant('SS58Prefix', U16, hex(u16(c.ss58Prefix))),
      ],
      errors: { type: SYSTEM_ERROR },
    },
    {
      name: 'Timestamp',
      index: PALLET_INDEX.Timestamp,
      storage: { prefix: 'Timestamp', items: [plain('Now', U64, zero(8))] },
      calls: { type: TIMESTAMP_CALL },
      events: null,
      constants: [constant('MinimumPeriod', U64, hex(u64(c.minimumPeriod)))],
      errors: null,
    },
    {
      name: 'Balances',
      index: PALLET_INDEX.Balances,
      storage: {
        prefix: 'Balances',
        items: [
          plain('TotalIssuance', U128, zero(16)),
          plain('InactiveIssuance', U128, zero(16)),
          map('Locks', 'Blake2_128Concat', ACCOUNT, t.seq(BALANCE_LOCK), '0x00'),
          map('Reserves', 'Blake2_128Concat', ACCOUNT, t.seq(RESERVE_DATA), '0x00'),
        ],
      },
      calls: { type: BALANCES_CALL },
      events: { type: BALANCES_EVENT },
      constants: [
        constant('ExistentialDeposit', U128, hex(u128(c.existentialDeposit))),
        constant('MaxLocks', U32, hex(u32(50))),
        constant('MaxReserves', U32, hex(u32(50))),
      ],
      errors: { type: BALANCES_ERROR },
    },
    {
      name: 'TransactionPayment',
      index: PALLET_INDEX.TransactionPayment,
      storage: {
        prefix: 'TransactionPayment',
        items: [plain('NextFeeMultiplier', FIXED_U128, hex(u128(10n ** 18n)))],
      },
      calls: null,
      events: { type: PAYMENT_EVENT },
      constants: [
        constant('OperationalFeeMultiplier', U8, hex(u8(5))),
        constant('TransactionByteFee', U128, hex(u128(c.transactionByteFee))),
      ],
      errors: null,
    },
    {
      name: 'Market',
      index: PALLET_INDEX.Market,
      storage: {
        prefix: 'Market',
        items: [
          plain('OrdersCount', U32, zero(4)),
          plain('FileBaseFee', U128, zero(16)),
          plain('MinFileBaseFee', U128, zero(16)),
          plain('FileByteFee', U128, hex(u128(m.initFileByteFee))),
          plain('MinFileByteFee', U128, zero(16)),
          plain('FileKeysCount', U32, zero(4)),
          plain('FileKeysCountFee', U128, hex(u128(m.initFileKeysCountFee))),
          plain('MinFileKeysCountFee', U128, zero(16)),
          map('FilesV2', 'Twox64Concat', BYTES, FILE_INFO, '0x00', 'Optional'),
          plain('HasNewOrder', BOOL, '0x00'),
          plain('PendingFiles', CID_SET, '0x00'),
          plain('EnableMarket', BOOL, '0x00'),
          plain('SpowerReadyPeriod', U32, hex(u32(1_296_000))),
          plain('SpowerSuperior', ACCOUNT, '0x00', 'Optional'),
          plain('LastReplicasUpdateBlock', U32, zero(4)),
        ],
      },
      calls: { type: MARKET_CALL },
      events: { type: MARKET_EVENT },
      constants: [
        constant('ModuleId', PALLET_ID, hex(stringToU8a('crmarket'))),
        constant('FileDuration', U32, hex(u32(m.fileDuration))),
        constant('FileReplica', U32, hex(u32(m.fileReplica))),
        constant('InitFileByteFee', U128, hex(u128(m.initFileByteFee))),
        constant('InitFileKeysCountFee', U128, hex(u128(m.initFileKeysCountFee))),
        constant('StorageReferenceRatio', t.tuple(U128, U128), hex(u128(25n), u128(100n))),
        constant('StorageIncreaseRatio', PERBILL, hex(u32(100_000))),
        constant('StorageDecreaseRatio', PERBILL, hex(u32(500_000))),
        constant('StakingRatio', PERBILL, hex(u32(m.stakingRatioPerbill))),
        constant('StorageRatio', PERBILL, hex(u32(m.storageRatioPerbill))),
        constant('MaximumFileSize', U64, hex(u64(m.maximumFileSize))),
        constant('RenewRewardRatio', PERBILL, hex(u32(50_000_000))),
      ],
      errors: { type: MARKET_ERROR },
    },
  ];
  const registry = new TypeRegistry();
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: {
      v14: {
        lookup: { types: t.types },
        pallets,
        extrinsic: { type: UNCHECKED_EXTRINSIC, version: 4, signedExtensions },
        type: RUNTIME_MARKER,
      },
    },
  } as never).toU8a();
}
