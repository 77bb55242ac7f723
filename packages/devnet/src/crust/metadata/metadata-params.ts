/**
 * Pallet indices of the crust runtime, following Crust mainnet's construct_runtime! order
 * (Market = 26); both metadata versions describe the pallets at these positions.
 */
export const PALLET_INDEX = {
  System: 0,
  Timestamp: 3,
  Balances: 5,
  TransactionPayment: 6,
  Market: 26,
} as const;

/** The values a Crust runtime description is built from (see constants.ts for the devnet's). */
export interface CrustMetadataConstants {
  ss58Prefix: number;
  version: {
    specName: string;
    implName: string;
    authoringVersion: number;
    specVersion: number;
    implVersion: number;
    transactionVersion: number;
    stateVersion: number;
  };
  apis: [string, number][];
  blockHashCount: number;
  minimumPeriod: bigint;
  existentialDeposit: bigint;
  transactionByteFee: bigint;
  market: {
    fileDuration: number;
    fileReplica: number;
    initFileByteFee: bigint;
    initFileKeysCountFee: bigint;
    initMaxFileBaseFee: bigint;
    initMaxFileByteFee: bigint;
    initMaxFileKeysCountFee: bigint;
    stakingRatioPerbill: number;
    storageRatioPerbill: number;
    maximumFileSize: bigint;
  };
}
