import { compactToU8a, stringToU8a, u8aConcat } from '@polkadot/util';
import type { CrustMetadataConstants } from './metadata/metadata-params.ts';

/** 1 CRU = 10^12 planck (12 decimals); CENTS and MILLICENTS as in Crust's primitives. */
export const CRU = 1_000_000_000_000n;
export const CENTS = CRU / 100n;
export const MILLICENTS = CENTS / 1000n;
export const CRUST_SS58 = 66;

/** Each dev account's genesis balance, as on the Robonomics devnet: 1,000,000 tokens. */
export const DEV_ENDOWMENT = 1_000_000n * CRU;

/**
 * Market prices written into genesis (the live chain adjusts them in on_initialize; the devnet
 * keeps them static). 0.001 CRU per order + 0.0001 CRU per started MB + the per-key fee.
 */
export const GENESIS_MARKET_FEES = {
  fileBaseFee: 1_000_000_000n,
  fileByteFee: 100_000_000n,
  fileKeysCountFee: MILLICENTS / 10n,
};

/** Identity, runtime APIs and constants of the Crust-like runtime (docs/crust.md). */
export const CRUST_CONSTANTS: CrustMetadataConstants = {
  ss58Prefix: CRUST_SS58,
  version: {
    specName: 'crust',
    implName: 'crustio-crust',
    authoringVersion: 1,
    specVersion: 25,
    implVersion: 1,
    transactionVersion: 1,
    stateVersion: 0,
  },
  apis: [
    ['0xdf6acb689907609b', 5], // Core
    ['0x37e397fc7c91f5e4', 2], // Metadata
    ['0x40fe3ad401f8959a', 6], // BlockBuilder
    ['0xd2bc9897eed08f15', 3], // TaggedTransactionQueue
    ['0xbc9d89904f5b923f', 1], // AccountNonceApi
    ['0x37c8bb1350a9a2a8', 4], // TransactionPaymentApi
  ],
  blockHashCount: 2400,
  minimumPeriod: 3000n,
  existentialDeposit: 10n * MILLICENTS,
  transactionByteFee: MILLICENTS / 100n,
  market: {
    fileDuration: 180 * 14_400,
    fileReplica: 4,
    initFileByteFee: MILLICENTS / 1000n,
    initFileKeysCountFee: MILLICENTS / 10n,
    initMaxFileBaseFee: CENTS * 5n,
    initMaxFileByteFee: MILLICENTS / 10n,
    initMaxFileKeysCountFee: MILLICENTS,
    stakingRatioPerbill: 720_000_000,
    storageRatioPerbill: 180_000_000,
    maximumFileSize: 8n * 1024n * 1024n * 1024n,
  },
};

const padAccount = (bytes: Uint8Array): Uint8Array => {
  const account = new Uint8Array(32);
  account.set(bytes.subarray(0, 32));
  return account;
};

/**
 * A market pot: ModuleId("crmarket").into_sub_account(sub), i.e. "modl" ++ "crmarket" ++
 * SCALE(&str sub) padded with zeros.
 */
export function marketPot(sub: 'rese' | 'stak' | 'stor' | 'coll'): Uint8Array {
  const name = stringToU8a(sub);
  return padAccount(u8aConcat(stringToU8a('modlcrmarket'), compactToU8a(name.length), name));
}

/** The treasury ("modl" ++ "py/trsry"): where this devnet puts transaction fees. */
export const TREASURY_ACCOUNT = padAccount(stringToU8a('modlpy/trsry'));
