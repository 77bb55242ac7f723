import type { ISubmittableExtrinsic, ISubmittableResult } from 'dedot/types';

/** Any transaction built from `client.tx.<pallet>.<call>(…)`. */
export type Submittable = ISubmittableExtrinsic<ISubmittableResult>;

/** Where a sent transaction landed. */
export interface TxResult {
  txHash: string;
  blockHash: string;
  blockNumber: number;
  txIndex: number;
}
