import { typesBundleForPolkadot } from '@crustio/type-definitions';
import { WsProvider } from '@polkadot/api';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { hexToU8a } from '@polkadot/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServiceHandle } from '../../chain/service.ts';
import { removeDir, tempDir } from '../../common/test-support.ts';
import { startTestCrust } from '../test-support.ts';
import { CRUST_LEGACY_TYPES } from './legacy-types.ts';

/**
 * What the crust runtime (crustio/crust, branch mainnet) declares for the modules a storage
 * client touches, transcribed from its sources: construct_runtime! positions, decl_storage! /
 * #[pallet::storage] items with their hashers, calls with their arguments, events with their
 * arguments. System, Timestamp and TransactionPayment are FRAME's of the substrate fork it pins
 * (frame-system with two reference counts, transaction-payment without events); Balances is
 * Crust's own fork (cstrml/balances); Market is cstrml/market.
 */
type Item = string | [hasher: string, key: string];
interface Declared {
  index: number;
  storage: Record<string, Item>;
  calls: Record<string, string[]> | null;
  events: Record<string, number> | null;
  constants: string[];
  errors: string[];
}

const plain = 'plain';
const DECLARED: Record<string, Declared> = {
  System: {
    index: 0,
    storage: {
      Account: ['Blake2_128Concat', 'AccountId'],
      ExtrinsicCount: plain,
      BlockWeight: plain,
      AllExtrinsicsLen: plain,
      BlockHash: ['Twox64Concat', 'BlockNumber'],
      ExtrinsicData: ['Twox64Concat', 'u32'],
      Number: plain,
      ParentHash: plain,
      Digest: plain,
      Events: plain,
      EventCount: plain,
      EventTopics: ['Blake2_128Concat', 'Hash'],
      LastRuntimeUpgrade: plain,
      UpgradedToU32RefCount: plain,
      UpgradedToDualRefCount: plain,
      ExecutionPhase: plain,
    },
    calls: {
      fill_block: ['_ratio'],
      remark: ['_remark'],
      set_heap_pages: ['pages'],
      set_code: ['code'],
      set_code_without_checks: ['code'],
      set_changes_trie_config: ['changes_trie_config'],
      set_storage: ['items'],
      kill_storage: ['keys'],
      kill_prefix: ['prefix', '_subkeys'],
      remark_with_event: ['remark'],
    },
    events: {
      ExtrinsicSuccess: 1,
      ExtrinsicFailed: 2,
      CodeUpdated: 0,
      NewAccount: 1,
      KilledAccount: 1,
      Remarked: 2,
    },
    constants: [
      'BlockWeights',
      'BlockLength',
      'BlockHashCount',
      'DbWeight',
      'Version',
      'SS58Prefix',
    ],
    errors: [
      'InvalidSpecName',
      'SpecVersionNeedsToIncrease',
      'FailedToExtractRuntimeVersion',
      'NonDefaultComposite',
      'NonZeroRefCount',
    ],
  },
  Timestamp: {
    index: 3,
    storage: { Now: plain, DidUpdate: plain },
    calls: { set: ['now'] },
    events: null,
    constants: ['MinimumPeriod'],
    errors: [],
  },
  Balances: {
    index: 5,
    storage: {
      TotalIssuance: plain,
      Account: ['Blake2_128Concat', 'AccountId'],
      Locks: ['Blake2_128Concat', 'AccountId'],
      StorageVersion: plain,
    },
    calls: { transfer: ['dest', 'value'], transfer_keep_alive: ['dest', 'value'] },
    events: {
      Endowed: 2,
      DustLost: 2,
      Transfer: 3,
      BalanceSet: 3,
      Deposit: 2,
      Reserved: 2,
      Unreserved: 2,
      ReserveRepatriated: 4,
    },
    constants: ['ExistentialDeposit'],
    errors: [
      'VestingBalance',
      'LiquidityRestrictions',
      'Overflow',
      'InsufficientBalance',
      'ExistentialDeposit',
      'KeepAlive',
      'ExistingVestingSchedule',
      'DeadAccount',
    ],
  },
  TransactionPayment: {
    index: 6,
    storage: { NextFeeMultiplier: plain, StorageVersion: plain },
    calls: null,
    events: null,
    constants: ['TransactionByteFee', 'WeightToFee'],
    errors: [],
  },
  Market: {
    index: 26,
    storage: {
      OrdersCount: plain,
      FileFeeAdjustInterval: plain,
      LastFileFeeAdjustBlock: plain,
      FileBaseFee: plain,
      MinFileBaseFee: plain,
      MaxFileBaseFee: plain,
      FileBaseFeeIncreaseThreshold: plain,
      FileBaseFeeDecreaseThreshold: plain,
      FileBaseFeeIncreaseRatio: plain,
      FileBaseFeeDecreaseRatio: plain,
      FileByteFee: plain,
      MinFileByteFee: plain,
      MaxFileByteFee: plain,
      FileByteFeeIncreaseRatio: plain,
      FileByteFeeDecreaseRatio: plain,
      FileKeysCount: plain,
      FileKeysCountFee: plain,
      MinFileKeysCountFee: plain,
      MaxFileKeysCountFee: plain,
      FileKeysCountFeeAdjustThreshold: plain,
      FileKeysCountFeeIncreaseRatio: plain,
      FileKeysCountFeeDecreaseRatio: plain,
      FilesV2: ['Twox64Concat', 'MerkleRoot'],
      HasNewOrder: plain,
      PendingFiles: plain,
      EnableMarket: plain,
      SpowerReadyPeriod: plain,
      SpowerSuperior: plain,
      LastReplicasUpdateBlock: plain,
      LastSpowerCalculateBlock: plain,
    },
    calls: {
      place_storage_order: ['cid', 'reported_file_size', 'tips', '_memo'],
      add_prepaid: ['cid', 'amount'],
      set_spower_superior: ['superior'],
      update_replicas: ['file_infos_map', 'last_processed_block_wrs'],
      calculate_spowers: ['cids'],
      set_spower_ready_period: ['ready_period'],
      calculate_reward: ['cid'],
      reward_merchant: [],
      set_enable_market: ['is_enabled'],
      set_base_fee: ['base_fee'],
      set_byte_fee: ['byte_fee'],
      set_key_count_fee: ['key_count_fee'],
      set_min_base_fee: ['min_base_fee'],
      set_min_byte_fee: ['min_byte_fee'],
      set_min_key_count_fee: ['min_key_count_fee'],
      set_max_base_fee: ['max_base_fee'],
      set_max_byte_fee: ['max_byte_fee'],
      set_max_key_count_fee: ['max_key_count_fee'],
      set_file_fee_adjust_interval: ['file_fee_adjust_interval'],
      set_file_base_fee_increase_threshold: ['file_base_fee_increase_threshold'],
      set_file_base_fee_decrease_threshold: ['file_base_fee_decrease_threshold'],
      set_file_base_fee_increase_ratio: ['file_base_fee_increase_ratio'],
      set_file_base_fee_decrease_ratio: ['file_base_fee_decrease_ratio'],
      set_file_byte_fee_increase_ratio: ['file_byte_fee_increase_ratio'],
      set_file_byte_fee_decrease_ratio: ['file_byte_fee_decrease_ratio'],
      set_file_keys_count_fee_adjust_threshold: ['file_keys_count_fee_adjust_threshold'],
      set_file_keys_count_fee_increase_ratio: ['file_keys_count_fee_increase_ratio'],
      set_file_keys_count_fee_decrease_ratio: ['file_keys_count_fee_decrease_ratio'],
    },
    events: {
      FileSuccess: 2,
      RenewFileSuccess: 2,
      AddPrepaidSuccess: 3,
      CalculateSuccess: 1,
      IllegalFileClosed: 1,
      RewardMerchantSuccess: 1,
      SetEnableMarketSuccess: 1,
      SetBaseFeeSuccess: 1,
      SetSpowerSuperiorSuccess: 1,
      UpdateReplicasSuccess: 4,
      FileClosed: 1,
      CalculateSpowersSuccess: 4,
      SetSpowerReadyPeriodSuccess: 1,
    },
    constants: [
      'ModuleId',
      'FileDuration',
      'FileReplica',
      'InitFileByteFee',
      'StorageReferenceRatio',
      'StorageIncreaseRatio',
      'StorageDecreaseRatio',
      'StakingRatio',
      'StorageRatio',
      'MaximumFileSize',
      'RenewRewardRatio',
    ],
    errors: [
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
  },
};

let dir: string;
let crust: ChainServiceHandle;
let provider: WsProvider;
let served: Metadata;

beforeAll(async () => {
  dir = tempDir();
  crust = await startTestCrust(dir);
  provider = new WsProvider(crust.url);
  await provider.isReady;
  const registry = new TypeRegistry();
  served = new Metadata(
    registry,
    hexToU8a((await provider.send('state_getMetadata', [])) as string),
  );
});

afterAll(async () => {
  await provider?.disconnect();
  await crust?.stop();
  removeDir(dir);
});

/** The type name with the runtime's generic parameters and `T::` paths taken off. */
const bare = (type: string) => type.replace(/^T::/, '').replace(/<.*>$/, '');

describe('the V13 metadata the Crust devnet serves', () => {
  it('is V13 and describes the modules at their construct_runtime! positions', () => {
    expect(served.version).toBe(13);
    const v13 = served.asV13;
    expect(v13.modules.map((m) => [m.name.toString(), m.index.toNumber()])).toEqual(
      Object.entries(DECLARED).map(([name, d]) => [name, d.index]),
    );
    expect(v13.extrinsic.version.toNumber()).toBe(4);
    expect(v13.extrinsic.signedExtensions.map((e) => e.toString())).toEqual([
      'CheckSpecVersion',
      'CheckTxVersion',
      'CheckGenesis',
      'CheckMortality',
      'CheckNonce',
      'CheckWeight',
      'ChargeTransactionPayment',
    ]);
  });

  it.each(Object.keys(DECLARED))(
    'serves %s with the storage (and hashers), calls, events, constants and errors it declares',
    (name) => {
      const declared = DECLARED[name]!;
      const module = served.asV13.modules.find((m) => m.name.toString() === name)!;
      const storage = module.storage.unwrap();
      expect(storage.prefix.toString()).toBe(name);
      const items = Object.fromEntries(
        storage.items.map((item): [string, Item] => {
          if (item.type.isPlain) return [item.name.toString(), plain];
          const map = item.type.asMap;
          return [item.name.toString(), [map.hasher.type, bare(map.key.toString())]];
        }),
      );
      expect(items).toEqual(declared.storage);
      expect(Object.keys(items)).toEqual(Object.keys(declared.storage));
      const calls = module.calls.isSome
        ? Object.fromEntries(
            module.calls
              .unwrap()
              .map((c) => [c.name.toString(), c.args.map((a) => a.name.toString())]),
          )
        : null;
      expect(calls).toEqual(declared.calls);
      if (calls) expect(Object.keys(calls)).toEqual(Object.keys(declared.calls!));
      const events = module.events.isSome
        ? Object.fromEntries(module.events.unwrap().map((e) => [e.name.toString(), e.args.length]))
        : null;
      expect(events).toEqual(declared.events);
      if (events) expect(Object.keys(events)).toEqual(Object.keys(declared.events!));
      expect(module.constants.map((c) => c.name.toString())).toEqual(declared.constants);
      expect(module.errors.map((e) => e.name.toString())).toEqual(declared.errors);
    },
  );

  it('is what a client with the Crust types decodes in full', () => {
    const registry = new TypeRegistry();
    registry.register(typesBundleForPolkadot.spec.crust.types[0]!.types as never);
    const metadata = new Metadata(registry, served.toU8a());
    registry.setMetadata(metadata);
    expect(metadata.asV14.pallets.map((p) => p.name.toString())).toEqual(Object.keys(DECLARED));
    const file = registry.createType('FileInfoV2').toRawType();
    expect(file).toContain('"replicas":"BTreeMap<AccountId,Replica>"');
  });

  it('names the Crust types as @crustio/type-definitions describes them', () => {
    const crustTypes = typesBundleForPolkadot.spec.crust.types[0]!.types as Record<string, unknown>;
    for (const [name, definition] of Object.entries(CRUST_LEGACY_TYPES)) {
      if (name === 'DispatchErrorModule') continue; // the 2021 FRAME's, not Crust's
      expect(definition).toEqual(crustTypes[name]);
    }
  });

  it('has the runtime APIs, version and properties of the legacy runtime', async () => {
    const version = (await provider.send('state_getRuntimeVersion', [])) as Record<string, unknown>;
    expect(version).toMatchObject({ specName: 'crust', specVersion: 25, transactionVersion: 1 });
    expect(version).not.toHaveProperty('stateVersion');
    const apis = Object.fromEntries(version.apis as [string, number][]);
    // Metadata API version 1: no metadata_versions / metadata_at_version.
    expect(apis['0x37e397fc7c91f5e4']).toBe(1);
    expect(apis['0x37c8bb1350a9a2a8']).toBe(1);
    await expect(provider.send('state_call', ['Metadata_metadata_versions', '0x'])).rejects.toThrow(
      /Metadata_metadata_versions is not found/,
    );
    expect(await provider.send('system_properties', [])).toEqual({
      ss58Format: 66,
      tokenDecimals: 12,
      tokenSymbol: 'CRU',
    });
    const module = served.asV13.modules.find((m) => m.name.toString() === 'System')!;
    const ss58 = module.constants.find((c) => c.name.toString() === 'SS58Prefix')!;
    expect([...ss58.value.toU8a(true)]).toEqual([66]);
  });
});
