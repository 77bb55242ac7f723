import type { TypeTable } from './type-table.ts';

/** The primitives and shared types every pallet of the runtime refers to. */
export type CommonTypes = ReturnType<typeof commonTypes>;

/**
 * Declares the shared types first, so their ids come before any pallet's (the ids follow the
 * order of declaration; see TypeTable).
 */
export function commonTypes(t: TypeTable) {
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
  return {
    U8,
    U16,
    U32,
    U64,
    U128,
    BOOL,
    STR,
    BYTES,
    U8x4,
    U8x8,
    U8x32,
    U8x64,
    U8x65,
    COMPACT_U32,
    COMPACT_U64,
    COMPACT_U128,
    UNIT,
    ACCOUNT,
    H256,
    VEC_H256,
    OPTION_U32,
    PERBILL,
    FIXED_U128,
    PALLET_ID,
    DISPATCH_INFO,
    DISPATCH_ERROR,
  };
}
