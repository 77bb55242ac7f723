import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import {
  call,
  constant,
  type Encoders,
  error,
  event,
  type ModuleMetadata,
  map,
  plain,
  zero,
} from './helpers.ts';

/** frame_system of the 2021 runtime: accounts, block weights and lengths, events, the runtime version. */
export function systemModule(e: Encoders, c: CrustMetadataConstants): ModuleMetadata {
  const { enc, u32 } = e;
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

  return {
    name: 'System',
    index: PALLET_INDEX.System,
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
      call('set_changes_trie_config', ['changes_trie_config', 'Option<ChangesTrieConfiguration>']),
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
  };
}
