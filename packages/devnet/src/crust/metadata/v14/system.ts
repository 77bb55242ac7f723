import { compactToU8a, u8aConcat } from '@polkadot/util';
import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import type { CommonTypes } from './common.ts';
import {
  constant,
  hex,
  map,
  type PalletTypes,
  plain,
  str,
  type TypeTable,
  u8,
  u16,
  u32,
  u128,
  zero,
} from './type-table.ts';

/** frame_system: accounts, block hashes and numbers, the event records, the runtime version. */
export function systemPallet(
  t: TypeTable,
  k: CommonTypes,
  c: CrustMetadataConstants,
): PalletTypes & { phase: number } {
  const { U8, U16, U32, U128, STR, BYTES, U8x8, ACCOUNT, H256, DISPATCH_INFO, DISPATCH_ERROR } = k;
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
  // An unused account: zero nonce, counters and balances, and the new-logic flag set.
  const accountInfoDefault = hex(new Uint8Array(16 + 48), u128(1n << 127n));
  return {
    name: 'System',
    phase: PHASE,
    index: PALLET_INDEX.System,
    call: SYSTEM_CALL,
    event: SYSTEM_EVENT,
    metadata: (events) => ({
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
          plain('Events', events, '0x00'),
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
    }),
  };
}
