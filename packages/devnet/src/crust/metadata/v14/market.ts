import { stringToU8a } from '@polkadot/util';
import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import type { CommonTypes } from './common.ts';
import {
  constant,
  hex,
  map,
  type PalletTypes,
  plain,
  type TypeTable,
  u32,
  u64,
  u128,
  zero,
} from './type-table.ts';

/** Crust's market pallet: storage orders and the files they pay for. */
export function marketPallet(t: TypeTable, k: CommonTypes, c: CrustMetadataConstants): PalletTypes {
  const { U32, U64, U128, BOOL, BYTES, COMPACT_U128, ACCOUNT, OPTION_U32, PERBILL, PALLET_ID } = k;
  // A legacy decl_* pallet: tuple events, MerkleRoot = Vec<u8>.
  const m = c.market;
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
  return {
    name: 'Market',
    index: PALLET_INDEX.Market,
    call: MARKET_CALL,
    event: MARKET_EVENT,
    metadata: (_events) => ({
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
    }),
  };
}
