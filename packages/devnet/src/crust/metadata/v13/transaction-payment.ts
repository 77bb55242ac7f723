import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import { constant, type Encoders, type ModuleMetadata, plain } from './helpers.ts';

/** pallet_transaction_payment: the fee multiplier, the byte fee and the weight-to-fee polynomial. */
export function transactionPaymentModule(e: Encoders, c: CrustMetadataConstants): ModuleMetadata {
  const { enc, u128 } = e;
  return {
    name: 'TransactionPayment',
    index: PALLET_INDEX.TransactionPayment,
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
  };
}
