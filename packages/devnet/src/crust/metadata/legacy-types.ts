import type { RegistryTypes } from '@polkadot/types/types';

/**
 * The legacy type definitions a client needs beside Crust mainnet's V13 metadata, which names
 * its types instead of describing them (see docs/crust.md). The Crust-specific ones agree with
 * what the `@crustio/type-definitions` package gives clients (a test checks it); the last one
 * says how the runtime's 2021 FRAME encodes a module error: `{ index: u8, error: u8 }`.
 */
export const CRUST_LEGACY_TYPES: RegistryTypes = {
  AccountInfo: 'AccountInfoWithProviders',
  Address: 'AccountId',
  LookupSource: 'AccountId',
  MerkleRoot: 'Vec<u8>',
  SworkerAnchor: 'Vec<u8>',
  ReportSlot: 'u64',
  FileInfoV2: {
    file_size: 'u64',
    spower: 'u64',
    expired_at: 'BlockNumber',
    calculated_at: 'BlockNumber',
    amount: 'Compact<Balance>',
    prepaid: 'Compact<Balance>',
    reported_replica_count: 'u32',
    remaining_paid_count: 'u32',
    replicas: 'BTreeMap<AccountId, Replica<AccountId>>',
  },
  Replica: {
    who: 'AccountId',
    valid_at: 'BlockNumber',
    anchor: 'SworkerAnchor',
    is_reported: 'bool',
    created_at: 'Option<BlockNumber>',
  },
  DispatchErrorModule: 'DispatchErrorModuleU8',
};
