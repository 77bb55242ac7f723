import { Metadata, TypeRegistry } from '@polkadot/types';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import { CRUST_LEGACY_TYPES } from './legacy-types.ts';
import type { CrustMetadataConstants } from './metadata.ts';

/**
 * The metadata Crust mainnet serves: V13, the legacy format of its decl_* pallets, which names
 * every type with its Rust spelling instead of describing it (docs/crust.md). Only the modules a
 * storage client touches are described, each as the crust runtime declares it: System,
 * Timestamp, Balances (Crust's own fork), TransactionPayment and Market, at their
 * construct_runtime! positions. Encoded with @polkadot/types' MetadataV13.
 */

type Hasher = 'Blake2_128Concat' | 'Twox64Concat';
type Modifier = 'Optional' | 'Default';

interface StorageItem {
  name: string;
  modifier: Modifier;
  type: { Plain: string } | { Map: { hasher: Hasher; key: string; value: string; linked: false } };
  fallback: string;
  docs: string[];
}

interface Call {
  name: string;
  args: { name: string; type: string }[];
  docs: string[];
}

/** Runtime APIs the crust runtime implements, with the versions of its 2021 FRAME. */
export const CRUST_V13_APIS: [string, number][] = (
  [
    ['Core', 3],
    ['Metadata', 1],
    ['BlockBuilder', 4],
    ['TaggedTransactionQueue', 2],
    ['OffchainWorkerApi', 2],
    ['BabeApi', 2],
    ['GrandpaApi', 2],
    ['AuthorityDiscoveryApi', 1],
    ['SessionKeys', 1],
    ['AccountNonceApi', 1],
    ['TransactionPaymentApi', 1],
  ] as const
).map(([name, version]) => [blake2AsHex(name, 64), version]);

const plain = (
  name: string,
  type: string,
  fallback: string,
  modifier: Modifier = 'Default',
): StorageItem => ({ name, modifier, type: { Plain: type }, fallback, docs: [] });

const map = (
  name: string,
  hasher: Hasher,
  key: string,
  value: string,
  fallback: string,
  modifier: Modifier = 'Default',
): StorageItem => ({
  name,
  modifier,
  type: { Map: { hasher, key, value, linked: false } },
  fallback,
  docs: [],
});

const call = (name: string, ...args: [string, string][]): Call => ({
  name,
  args: args.map(([argName, type]) => ({ name: argName, type })),
  docs: [],
});

const event = (name: string, ...args: string[]) => ({ name, args, docs: [] as string[] });
const error = (name: string, ...docs: string[]) => ({ name, docs });

/** A registry that encodes values the way the 2021 runtime does (u64 weights, legacy types). */
export function legacyCrustRegistry(): TypeRegistry {
  const registry = new TypeRegistry();
  registry.register({ ...CRUST_LEGACY_TYPES, Weight: 'WeightV1' });
  return registry;
}

/** Builds the V13 metadata (magic number ++ version 13 ++ MetadataV13) of the Crust runtime. */
export function buildCrustMetadataV13(c: CrustMetadataConstants): Uint8Array {
  const registry = legacyCrustRegistry();
  // The SCALE bytes as hex (toHex() of a number codec would be big-endian, not its encoding).
  const enc = (type: string, value: unknown) => u8aToHex(registry.createType(type, value).toU8a());
  const zero = (bytes: number) => u8aToHex(new Uint8Array(bytes));
  const constant = (name: string, type: string, value: string) => ({
    name,
    type,
    value,
    docs: [] as string[],
  });
  const m = c.market;
  const u32 = (v: number) => enc('u32', v);
  const u128 = (v: bigint) => enc('u128', v);
  const perbill = (v: number) => enc('Perbill', v);

  // frame_system::limits of the crust runtime: 2 s blocks, 75% for normal dispatches, 2.5% of
  // every block set aside for on_initialize, 125 µs per extrinsic, 5 MiB blocks.
  const maxBlock = 2_000_000_000_000n;
  const baseExtrinsic = 125_000_000n;
  const normalTotal = (maxBlock * 75n) / 100n;
  const initialization = (maxBlock * 25n) / 1000n;
  const blockWeights = enc('BlockWeights', {
    baseBlock: 5_000_000_000n,
    maxBlock,
    perClass: {
      normal: {
        baseExtrinsic,
        maxExtrinsic: normalTotal - initialization - baseExtrinsic,
        maxTotal: normalTotal,
        reserved: 0n,
      },
      operational: {
        baseExtrinsic,
        maxExtrinsic: maxBlock - initialization - baseExtrinsic,
        maxTotal: maxBlock,
        reserved: maxBlock - normalTotal,
      },
      mandatory: { baseExtrinsic, maxExtrinsic: null, maxTotal: null, reserved: null },
    },
  });
  const blockLength = enc('BlockLength', {
    max: {
      normal: (5 * 1024 * 1024 * 3) / 4,
      operational: 5 * 1024 * 1024,
      mandatory: 5 * 1024 * 1024,
    },
  });
  // RuntimeVersion of the 2021 runtime: no state_version field yet.
  const version = enc('RuntimeVersionPre4', {
    specName: c.version.specName,
    implName: c.version.implName,
    authoringVersion: c.version.authoringVersion,
    specVersion: c.version.specVersion,
    implVersion: c.version.implVersion,
    apis: c.apis,
    transactionVersion: c.version.transactionVersion,
  });

  const modules = [
    {
      name: 'System',
      index: 0,
      storage: {
        prefix: 'System',
        items: [
          map(
            'Account',
            'Blake2_128Concat',
            'T::AccountId',
            'AccountInfo<T::Index, T::AccountData>',
            zero(12 + 64),
          ),
          plain('ExtrinsicCount', 'u32', '0x00', 'Optional'),
          plain('BlockWeight', 'ConsumedWeight', zero(24)),
          plain('AllExtrinsicsLen', 'u32', '0x00', 'Optional'),
          map('BlockHash', 'Twox64Concat', 'T::BlockNumber', 'T::Hash', zero(32)),
          map('ExtrinsicData', 'Twox64Concat', 'u32', 'Vec<u8>', '0x00'),
          plain('Number', 'T::BlockNumber', zero(4)),
          plain('ParentHash', 'T::Hash', zero(32)),
          plain('Digest', 'DigestOf<T>', '0x00'),
          plain('Events', 'Vec<EventRecord<T::Event, T::Hash>>', '0x00'),
          plain('EventCount', 'EventIndex', zero(4)),
          map(
            'EventTopics',
            'Blake2_128Concat',
            'T::Hash',
            'Vec<(T::BlockNumber, EventIndex)>',
            '0x00',
          ),
          plain('LastRuntimeUpgrade', 'LastRuntimeUpgradeInfo', '0x00', 'Optional'),
          plain('UpgradedToU32RefCount', 'bool', '0x00'),
          plain('UpgradedToDualRefCount', 'bool', '0x00'),
          plain('ExecutionPhase', 'Phase', '0x00', 'Optional'),
        ],
      },
      calls: [
        call('fill_block', ['_ratio', 'Perbill']),
        call('remark', ['_remark', 'Vec<u8>']),
        call('set_heap_pages', ['pages', 'u64']),
        call('set_code', ['code', 'Vec<u8>']),
        call('set_code_without_checks', ['code', 'Vec<u8>']),
        call('set_changes_trie_config', [
          'changes_trie_config',
          'Option<ChangesTrieConfiguration>',
        ]),
        call('set_storage', ['items', 'Vec<KeyValue>']),
        call('kill_storage', ['keys', 'Vec<Key>']),
        call('kill_prefix', ['prefix', 'Key'], ['_subkeys', 'u32']),
        call('remark_with_event', ['remark', 'Vec<u8>']),
      ],
      events: [
        event('ExtrinsicSuccess', 'DispatchInfo'),
        event('ExtrinsicFailed', 'DispatchError', 'DispatchInfo'),
        event('CodeUpdated'),
        event('NewAccount', 'AccountId'),
        event('KilledAccount', 'AccountId'),
        event('Remarked', 'AccountId', 'Hash'),
      ],
      constants: [
        constant('BlockWeights', 'limits::BlockWeights', blockWeights),
        constant('BlockLength', 'limits::BlockLength', blockLength),
        constant('BlockHashCount', 'T::BlockNumber', u32(c.blockHashCount)),
        constant(
          'DbWeight',
          'RuntimeDbWeight',
          enc('RuntimeDbWeight', { read: 25_000_000, write: 100_000_000 }),
        ),
        constant('Version', 'RuntimeVersion', version),
        constant('SS58Prefix', 'u8', enc('u8', c.ss58Prefix)),
      ],
      errors: [
        error('InvalidSpecName'),
        error('SpecVersionNeedsToIncrease'),
        error('FailedToExtractRuntimeVersion'),
        error('NonDefaultComposite'),
        error('NonZeroRefCount'),
      ],
    },
    {
      name: 'Timestamp',
      index: 3,
      storage: {
        prefix: 'Timestamp',
        items: [plain('Now', 'T::Moment', zero(8)), plain('DidUpdate', 'bool', '0x00')],
      },
      calls: [call('set', ['now', 'Compact<T::Moment>'])],
      events: null,
      constants: [constant('MinimumPeriod', 'T::Moment', enc('u64', c.minimumPeriod))],
      errors: [],
    },
    {
      // Crust's fork of pallet-balances (cstrml/balances), the runtime's Instance1.
      name: 'Balances',
      index: 5,
      storage: {
        prefix: 'Balances',
        items: [
          plain('TotalIssuance', 'T::Balance', zero(16)),
          map('Account', 'Blake2_128Concat', 'T::AccountId', 'AccountData<T::Balance>', zero(64)),
          map('Locks', 'Blake2_128Concat', 'T::AccountId', 'Vec<BalanceLock<T::Balance>>', '0x00'),
          plain('StorageVersion', 'Releases', '0x00'),
        ],
      },
      calls: [
        call(
          'transfer',
          ['dest', '<T::Lookup as StaticLookup>::Source'],
          ['value', 'Compact<T::Balance>'],
        ),
        call(
          'transfer_keep_alive',
          ['dest', '<T::Lookup as StaticLookup>::Source'],
          ['value', 'Compact<T::Balance>'],
        ),
      ],
      events: [
        event('Endowed', 'AccountId', 'Balance'),
        event('DustLost', 'AccountId', 'Balance'),
        event('Transfer', 'AccountId', 'AccountId', 'Balance'),
        event('BalanceSet', 'AccountId', 'Balance', 'Balance'),
        event('Deposit', 'AccountId', 'Balance'),
        event('Reserved', 'AccountId', 'Balance'),
        event('Unreserved', 'AccountId', 'Balance'),
        event('ReserveRepatriated', 'AccountId', 'AccountId', 'Balance', 'BalanceStatus'),
      ],
      constants: [constant('ExistentialDeposit', 'T::Balance', u128(c.existentialDeposit))],
      errors: [
        error('VestingBalance', ' Vesting balance too high to send value'),
        error('LiquidityRestrictions', ' Account liquidity restrictions prevent withdrawal'),
        error('Overflow', ' Got an overflow after adding'),
        error('InsufficientBalance', ' Balance too low to send value'),
        error('ExistentialDeposit', ' Value too low to create account due to existential deposit'),
        error('KeepAlive', ' Transfer/payment would kill account'),
        error('ExistingVestingSchedule', ' A vesting schedule already exists for this account'),
        error('DeadAccount', ' Beneficiary account must pre-exist'),
      ],
    },
    {
      name: 'TransactionPayment',
      index: 6,
      storage: {
        prefix: 'TransactionPayment',
        items: [
          plain('NextFeeMultiplier', 'Multiplier', u128(10n ** 18n)),
          plain('StorageVersion', 'Releases', '0x00'),
        ],
      },
      calls: null,
      events: null,
      constants: [
        constant('TransactionByteFee', 'BalanceOf<T>', u128(c.transactionByteFee)),
        // OneTenthFee of the crust runtime: 30% of the weight, whatever its name says.
        constant(
          'WeightToFee',
          'Vec<WeightToFeeCoefficient<BalanceOf<T>>>',
          enc('Vec<WeightToFeeCoefficient>', [
            { coeffInteger: 0, coeffFrac: 300_000_000, negative: false, degree: 1 },
          ]),
        ),
      ],
      errors: [],
    },
    {
      name: 'Market',
      index: 26,
      storage: {
        prefix: 'Market',
        items: [
          plain('OrdersCount', 'u32', zero(4)),
          plain('FileFeeAdjustInterval', 'u32', u32(1)),
          plain('LastFileFeeAdjustBlock', 'BlockNumber', zero(4)),
          plain('FileBaseFee', 'BalanceOf<T>', zero(16)),
          plain('MinFileBaseFee', 'BalanceOf<T>', zero(16)),
          plain('MaxFileBaseFee', 'BalanceOf<T>', u128(m.initMaxFileBaseFee)),
          plain('FileBaseFeeIncreaseThreshold', 'u32', u32(10)),
          plain('FileBaseFeeDecreaseThreshold', 'u32', u32(30)),
          plain('FileBaseFeeIncreaseRatio', 'Perbill', perbill(3_300_000)),
          plain('FileBaseFeeDecreaseRatio', 'Perbill', perbill(3_000_000)),
          plain('FileByteFee', 'BalanceOf<T>', u128(m.initFileByteFee)),
          plain('MinFileByteFee', 'BalanceOf<T>', zero(16)),
          plain('MaxFileByteFee', 'BalanceOf<T>', u128(m.initMaxFileByteFee)),
          plain('FileByteFeeIncreaseRatio', 'Perbill', perbill(3_300_000)),
          plain('FileByteFeeDecreaseRatio', 'Perbill', perbill(3_000_000)),
          plain('FileKeysCount', 'u32', zero(4)),
          plain('FileKeysCountFee', 'BalanceOf<T>', u128(m.initFileKeysCountFee)),
          plain('MinFileKeysCountFee', 'BalanceOf<T>', zero(16)),
          plain('MaxFileKeysCountFee', 'BalanceOf<T>', u128(m.initMaxFileKeysCountFee)),
          plain('FileKeysCountFeeAdjustThreshold', 'u32', u32(5_000_000)),
          plain('FileKeysCountFeeIncreaseRatio', 'Perbill', perbill(3_300_000)),
          plain('FileKeysCountFeeDecreaseRatio', 'Perbill', perbill(3_000_000)),
          map(
            'FilesV2',
            'Twox64Concat',
            'MerkleRoot',
            'FileInfoV2<T::AccountId, BalanceOf<T>>',
            '0x00',
            'Optional',
          ),
          plain('HasNewOrder', 'bool', '0x00'),
          plain('PendingFiles', 'BTreeSet<MerkleRoot>', '0x00'),
          plain('EnableMarket', 'bool', '0x00'),
          plain('SpowerReadyPeriod', 'BlockNumber', u32(1_296_000)),
          plain('SpowerSuperior', 'T::AccountId', '0x00', 'Optional'),
          plain('LastReplicasUpdateBlock', 'BlockNumber', zero(4)),
          plain('LastSpowerCalculateBlock', 'BlockNumber', zero(4)),
        ],
      },
      calls: [
        call(
          'place_storage_order',
          ['cid', 'MerkleRoot'],
          ['reported_file_size', 'u64'],
          ['tips', 'Compact<BalanceOf<T>>'],
          ['_memo', 'Vec<u8>'],
        ),
        call('add_prepaid', ['cid', 'MerkleRoot'], ['amount', 'Compact<BalanceOf<T>>']),
        call('set_spower_superior', ['superior', 'T::AccountId']),
        call(
          'update_replicas',
          [
            'file_infos_map',
            'Vec<(MerkleRoot, u64, Vec<(T::AccountId, T::AccountId, SworkerAnchor, ReportSlot, BlockNumber, BlockNumber, bool)>)>',
          ],
          ['last_processed_block_wrs', 'BlockNumber'],
        ),
        call('calculate_spowers', ['cids', 'Vec<MerkleRoot>']),
        call('set_spower_ready_period', ['ready_period', 'BlockNumber']),
        call('calculate_reward', ['cid', 'MerkleRoot']),
        call('reward_merchant'),
        call('set_enable_market', ['is_enabled', 'bool']),
        call('set_base_fee', ['base_fee', 'Compact<BalanceOf<T>>']),
        call('set_byte_fee', ['byte_fee', 'Compact<BalanceOf<T>>']),
        call('set_key_count_fee', ['key_count_fee', 'Compact<BalanceOf<T>>']),
        call('set_min_base_fee', ['min_base_fee', 'Compact<BalanceOf<T>>']),
        call('set_min_byte_fee', ['min_byte_fee', 'Compact<BalanceOf<T>>']),
        call('set_min_key_count_fee', ['min_key_count_fee', 'Compact<BalanceOf<T>>']),
        call('set_max_base_fee', ['max_base_fee', 'Compact<BalanceOf<T>>']),
        call('set_max_byte_fee', ['max_byte_fee', 'Compact<BalanceOf<T>>']),
        call('set_max_key_count_fee', ['max_key_count_fee', 'Compact<BalanceOf<T>>']),
        call('set_file_fee_adjust_interval', ['file_fee_adjust_interval', 'u32']),
        call('set_file_base_fee_increase_threshold', ['file_base_fee_increase_threshold', 'u32']),
        call('set_file_base_fee_decrease_threshold', ['file_base_fee_decrease_threshold', 'u32']),
        call('set_file_base_fee_increase_ratio', ['file_base_fee_increase_ratio', 'Perbill']),
        call('set_file_base_fee_decrease_ratio', ['file_base_fee_decrease_ratio', 'Perbill']),
        call('set_file_byte_fee_increase_ratio', ['file_byte_fee_increase_ratio', 'Perbill']),
        call('set_file_byte_fee_decrease_ratio', ['file_byte_fee_decrease_ratio', 'Perbill']),
        call('set_file_keys_count_fee_adjust_threshold', [
          'file_keys_count_fee_adjust_threshold',
          'u32',
        ]),
        call('set_file_keys_count_fee_increase_ratio', [
          'file_keys_count_fee_increase_ratio',
          'Perbill',
        ]),
        call('set_file_keys_count_fee_decrease_ratio', [
          'file_keys_count_fee_decrease_ratio',
          'Perbill',
        ]),
      ],
      events: [
        event('FileSuccess', 'AccountId', 'MerkleRoot'),
        event('RenewFileSuccess', 'AccountId', 'MerkleRoot'),
        event('AddPrepaidSuccess', 'AccountId', 'MerkleRoot', 'Balance'),
        event('CalculateSuccess', 'MerkleRoot'),
        event('IllegalFileClosed', 'MerkleRoot'),
        event('RewardMerchantSuccess', 'AccountId'),
        event('SetEnableMarketSuccess', 'bool'),
        event('SetBaseFeeSuccess', 'Balance'),
        event('SetSpowerSuperiorSuccess', 'AccountId'),
        event('UpdateReplicasSuccess', 'AccountId', 'BlockNumber', 'u32', 'BlockNumber'),
        event('FileClosed', 'MerkleRoot'),
        event('CalculateSpowersSuccess', 'AccountId', 'BlockNumber', 'u32', 'u32'),
        event('SetSpowerReadyPeriodSuccess', 'BlockNumber'),
      ],
      constants: [
        constant('ModuleId', 'ModuleId', u8aToHex(stringToU8a('crmarket'))),
        constant('FileDuration', 'BlockNumber', u32(m.fileDuration)),
        constant('FileReplica', 'u32', u32(m.fileReplica)),
        constant('InitFileByteFee', 'BalanceOf<T>', u128(m.initFileByteFee)),
        constant('StorageReferenceRatio', '(u128, u128)', enc('(u128, u128)', [50, 100])),
        constant('StorageIncreaseRatio', 'Perbill', perbill(3_300_000)),
        constant('StorageDecreaseRatio', 'Perbill', perbill(3_000_000)),
        constant('StakingRatio', 'Perbill', perbill(m.stakingRatioPerbill)),
        constant('StorageRatio', 'Perbill', perbill(m.storageRatioPerbill)),
        constant('MaximumFileSize', 'u64', enc('u64', m.maximumFileSize)),
        constant('RenewRewardRatio', 'Perbill', perbill(50_000_000)),
      ],
      errors: [
        error(
          'InsufficientCurrency',
          " Don't have enough currency(CRU) to finish the extrinsic(transaction).",
          ' Please transfer some CRU into this account.',
        ),
        error(
          'FileSizeNotCorrect',
          ' The file size is not correct.',
          ' The same file is already on chain and the file size should be same.',
          ' Please check the file size again.',
        ),
        error(
          'NotInRewardPeriod',
          ' The file is not in the reward period.',
          ' Please wait until the file is expired.',
        ),
        error('NotEnoughReward', ' The reward is not enough.'),
        error('FileTooLarge', ' The file is too large. Please check the MaximumFileSize value.'),
        error(
          'PlaceOrderNotAvailable',
          ' Place order is not available right now. Please wait for a while.',
        ),
        error('FileNotExist', ' The file does not exist. Please check the cid again.'),
        error(
          'SpowerSuperiorNotSet',
          ' The spower superior account is not set. Please call the set_spower_superior extrinsic first.',
        ),
        error(
          'IllegalSpowerSuperior',
          ' The caller account is not the spower superior account. Please check the caller account again.',
        ),
        error(
          'ExceedCalculateSpowerFilesLimit',
          ' The files count exceeds limit. Please calculate less files.',
        ),
        error('FileFeeAdjustIntervalInvalid', ' The file fee adjust interval is invalid.'),
        error('MaxFeeLessThanMinFee', ' The max fee should be greater than the min fee.'),
        error(
          'BaseFeeIncreaseThresholdLargerThanDecreaseThreshold',
          ' The file base fee increase threshold should be less than the decrease threshold.',
        ),
      ],
    },
  ];

  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: {
      v13: {
        modules,
        extrinsic: {
          version: 4,
          signedExtensions: [
            'CheckSpecVersion',
            'CheckTxVersion',
            'CheckGenesis',
            'CheckMortality',
            'CheckNonce',
            'CheckWeight',
            'ChargeTransactionPayment',
          ],
        },
      },
    },
  } as never).toU8a();
}
