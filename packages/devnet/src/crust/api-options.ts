import { typesBundleForPolkadot } from '@crustio/type-definitions';

/**
 * What @polkadot/api needs beside Crust mainnet's V13 metadata, as apps pass it: the Crust type
 * bundle, plus the one-byte module error of the 2021 runtime, which V13 metadata cannot tell
 * (docs/crust.md). For tests and tools; the devnet itself has its own definitions.
 */
export const CRUST_API_OPTIONS = {
  typesBundle: typesBundleForPolkadot as never,
  types: { DispatchErrorModule: 'DispatchErrorModuleU8' },
};
