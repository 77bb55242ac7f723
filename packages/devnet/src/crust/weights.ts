import type { Call } from '@polkadot/types/interfaces';
import type { FeeParts, Weight } from '../chain/runtime/weights.ts';

const READ = 25_000_000n;
const WRITE = 100_000_000n;

/** ExtrinsicBaseWeight of the Crust runtime (substrate's default). */
export const EXTRINSIC_BASE_WEIGHT = 125_000_000n;
/** TransactionByteFee = MILLICENTS / 100. */
export const TRANSACTION_BYTE_FEE = 100_000n;

/** WeightToFee = the runtime's OneTenthFee, whose one coefficient is in fact 30% of the weight. */
export function weightToFee(refTime: bigint): bigint {
  return (refTime * 3n) / 10n;
}

/** Call weights (DB read 25M, write 100M, as RocksDbWeight); calls not listed get a small one. */
export function crustCallWeight(call: Call): Weight {
  switch (`${call.section}.${call.method}`) {
    case 'balances.transfer':
    case 'balances.transferAllowDeath':
    case 'balances.transferKeepAlive':
    case 'balances.transferAll':
      return { refTime: 70_000_000n + READ + WRITE, proofSize: 3_593n };
    case 'market.placeStorageOrder':
      return { refTime: 90_000_000n + 8n * READ + 8n * WRITE, proofSize: 8_000n };
    case 'market.addPrepaid':
      return { refTime: 40_000_000n + 3n * READ + 3n * WRITE, proofSize: 4_000n };
    case 'system.remark':
      return { refTime: 2_000_000n, proofSize: 0n };
    case 'system.remarkWithEvent':
      return { refTime: 8_000_000n + WRITE, proofSize: 0n };
    case 'timestamp.set':
      return { refTime: 7_000_000n + READ + WRITE, proofSize: 1_493n };
    default:
      return { refTime: 10_000_000n + READ, proofSize: 1_000n };
  }
}

/**
 * Crust's fee: base_fee (the base extrinsic weight) + len_fee + weight_fee, each through
 * OneTenthFee (30%); query_info reports the call's weight, as the pre-weight-v2 runtime did.
 */
export function crustInclusionFee(
  call: Call,
  length: number,
): FeeParts & { total: bigint; weight: Weight } {
  const weight = crustCallWeight(call);
  const parts = {
    baseFee: weightToFee(EXTRINSIC_BASE_WEIGHT),
    lenFee: BigInt(length) * TRANSACTION_BYTE_FEE,
    adjustedWeightFee: weightToFee(weight.refTime),
  };
  return { ...parts, total: parts.baseFee + parts.lenFee + parts.adjustedWeightFee, weight };
}
