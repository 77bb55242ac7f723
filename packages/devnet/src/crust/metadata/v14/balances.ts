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
  u128,
  zero,
} from './type-table.ts';

/** pallet_balances: transfers, locks and reserves (account data lives in System). */
export function balancesPallet(
  t: TypeTable,
  k: CommonTypes,
  c: CrustMetadataConstants,
): PalletTypes {
  const { U32, U128, BOOL, U8x8, COMPACT_U128, ACCOUNT } = k;
  // Address = AccountId on Crust: the lookup source is the account itself.
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
  return {
    name: 'Balances',
    index: PALLET_INDEX.Balances,
    call: BALANCES_CALL,
    event: BALANCES_EVENT,
    metadata: (_events) => ({
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
    }),
  };
}
