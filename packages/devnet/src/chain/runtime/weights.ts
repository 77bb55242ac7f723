import type { Call } from '@polkadot/types/interfaces';

/** A call's weight: ref time (ps) and proof size (bytes). */
export interface Weight {
  refTime: bigint;
  proofSize: bigint;
}

const READ = 25_000_000n;
const WRITE = 100_000_000n;

/**
 * Call weights of the runtime's benchmarked weight files (docs/devnet.md): those of runtime 43
 * for every call a home sends through a subscription (datalog records, twin calls), whose
 * weight is what the subscription's free weight pays; calls not listed there get a small fixed
 * weight. Nested calls add their inner weight.
 */
export function callWeight(call: Call): Weight {
  const key = `${call.section}.${call.method}`;
  switch (key) {
    case 'datalog.record':
      return { refTime: 10_430_000n + 2n * READ + 2n * WRITE, proofSize: 3_521n };
    case 'datalog.erase':
      return { refTime: 123_742_000n + READ + 128n * WRITE, proofSize: 3_521n };
    case 'launch.launch':
      return { refTime: 3_367_000n + WRITE, proofSize: 0n };
    case 'rws.bid':
      return { refTime: 18_044_000n + 3n * READ + 2n * WRITE, proofSize: 17_871n };
    case 'rws.setDevices':
      return { refTime: 15_000_000n + WRITE, proofSize: 1_500n };
    case 'rws.call':
      return { refTime: 0n, proofSize: 0n };
    case 'balances.transferAllowDeath':
    case 'balances.transferKeepAlive':
    case 'balances.transferAll':
      return { refTime: 25_919_000n + READ + WRITE, proofSize: 3_593n };
    // Runtime 43's benchmarks (docs/real-runtime.md, "Weights of the home's calls").
    case 'digitalTwin.create':
      return { refTime: 5_851_000n + READ + 2n * WRITE, proofSize: 1_588n };
    case 'digitalTwin.setSource':
      return { refTime: 8_556_000n + 2n * READ + WRITE, proofSize: 3_699n };
    case 'digitalTwin.removeSource':
      return { refTime: 7_895_000n + 2n * READ + WRITE, proofSize: 3_631n };
    case 'utility.batch':
    case 'utility.batchAll':
    case 'utility.forceBatch': {
      const items = call.args[0] as unknown as Call[];
      const [base, perCall] =
        call.method === 'batchAll' ? [9_747_549n, 2_126_636n] : [4_089_992n, 1_935_892n];
      return items.reduce(
        (sum, item) => {
          const w = callWeight(item);
          return {
            refTime: sum.refTime + w.refTime + perCall,
            proofSize: sum.proofSize + w.proofSize,
          };
        },
        { refTime: base, proofSize: 0n },
      );
    }
    case 'sudo.sudo': {
      const inner = callWeight(call.args[0] as unknown as Call);
      return { refTime: inner.refTime + 10_000_000n + READ, proofSize: inner.proofSize + 1_517n };
    }
    case 'timestamp.set':
      return { refTime: 7_000_000n + READ + WRITE, proofSize: 1_493n };
    default:
      return { refTime: 10_000_000n + READ, proofSize: 1_000n };
  }
}

/** The weight the signed extensions add to every transaction. */
export const EXTENSION_WEIGHT: Weight = { refTime: 421_977_000n, proofSize: 9_789n };

/** Calls that pay no fee (Pays::No): rws.call lets the subscription pay. */
export function paysFee(call: Call): boolean {
  return !(call.section === 'rws' && call.method === 'call');
}

/**
 * sudo.sudo by the sudo key returns Pays::No whatever the inner call did, so the key's fee comes
 * back (a refused sudo, RequireSudo, pays). See docs/real-runtime.md.
 */
export function refundsFee(call: Call): boolean {
  return call.section === 'sudo' && call.method === 'sudo';
}

/** weight_fee(w) = max(ref_time * 80 / 1e9, proof_size / 10) (docs/robonomics-chain.md, Fees). */
export function weightFee(weight: Weight): bigint {
  const ref = (weight.refTime * 80n) / 1_000_000_000n;
  const proof = weight.proofSize / 10n;
  return ref > proof ? ref : proof;
}

export const TRANSACTION_BYTE_FEE = 1_000n;
export const BASE_FEE = weightFee({ refTime: 125_000_000n, proofSize: 0n });

export interface FeeParts {
  baseFee: bigint;
  lenFee: bigint;
  adjustedWeightFee: bigint;
}

/** The inclusion fee of a transaction of `length` bytes (tip excluded). */
export function inclusionFee(
  call: Call,
  length: number,
): FeeParts & { total: bigint; weight: Weight } {
  const inner = callWeight(call);
  const weight = {
    refTime: inner.refTime + EXTENSION_WEIGHT.refTime,
    proofSize: inner.proofSize + EXTENSION_WEIGHT.proofSize,
  };
  if (!paysFee(call)) return { baseFee: 0n, lenFee: 0n, adjustedWeightFee: 0n, total: 0n, weight };
  const parts = {
    baseFee: BASE_FEE,
    lenFee: BigInt(length) * TRANSACTION_BYTE_FEE,
    adjustedWeightFee: weightFee(weight),
  };
  return { ...parts, total: parts.baseFee + parts.lenFee + parts.adjustedWeightFee, weight };
}
