import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import type { CommonTypes } from './common.ts';
import { constant, hex, type PalletTypes, plain, type TypeTable, u8, u128 } from './type-table.ts';

/** pallet_transaction_payment: the fee multiplier and the fee-paid event. */
export function transactionPaymentPallet(
  t: TypeTable,
  k: CommonTypes,
  c: CrustMetadataConstants,
): PalletTypes {
  const { U8, U128, ACCOUNT, FIXED_U128 } = k;
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
  return {
    name: 'TransactionPayment',
    index: PALLET_INDEX.TransactionPayment,
    event: PAYMENT_EVENT,
    metadata: (_events) => ({
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
    }),
  };
}
