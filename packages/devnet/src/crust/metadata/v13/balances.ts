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

/** Crust's fork of pallet-balances (cstrml/balances), the runtime's Instance1. */
export function balancesModule(e: Encoders, c: CrustMetadataConstants): ModuleMetadata {
  const { u128 } = e;
  return {
    name: 'Balances',
    index: PALLET_INDEX.Balances,
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
  };
}
