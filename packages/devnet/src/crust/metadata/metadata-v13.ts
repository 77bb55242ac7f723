import { Metadata, TypeRegistry } from '@polkadot/types';
import { blake2AsHex } from '@polkadot/util-crypto';
import { CRUST_LEGACY_TYPES } from './legacy-types.ts';
import type { CrustMetadataConstants } from './metadata-params.ts';
import { balancesModule } from './v13/balances.ts';
import { encoders } from './v13/helpers.ts';
import { marketModule } from './v13/market.ts';
import { systemModule } from './v13/system.ts';
import { timestampModule } from './v13/timestamp.ts';
import { transactionPaymentModule } from './v13/transaction-payment.ts';

/**
 * The metadata Crust mainnet serves: V13, the legacy format of its decl_* pallets, which names
 * every type with its Rust spelling instead of describing it (docs/crust.md). Only the modules a
 * storage client touches are described, each as the crust runtime declares it: System,
 * Timestamp, Balances (Crust's own fork), TransactionPayment and Market, at their
 * construct_runtime! positions, each in v13/. Encoded with @polkadot/types' MetadataV13.
 */

/** Runtime APIs the crust runtime implements, with the versions of its 2021 FRAME. */
export const CRUST_V13_APIS: [string, number][] = (
  [
    ['Core', 3],
    ['Metadata', 1],
    ['BlockBuilder', 4],
    ['TaggedTransactionQueue', 2],
    ['OffchainWorkerApi', 2],
    ['BabeApi', 2],
    ['GrandpaApi', 2],
    ['AuthorityDiscoveryApi', 1],
    ['SessionKeys', 1],
    ['AccountNonceApi', 1],
    ['TransactionPaymentApi', 1],
  ] as const
).map(([name, version]) => [blake2AsHex(name, 64), version]);

/** A registry that encodes values the way the 2021 runtime does (u64 weights, legacy types). */
export function legacyCrustRegistry(): TypeRegistry {
  const registry = new TypeRegistry();
  registry.register({ ...CRUST_LEGACY_TYPES, Weight: 'WeightV1' });
  return registry;
}

/** Builds the V13 metadata (magic number ++ version 13 ++ MetadataV13) of the Crust runtime. */
export function buildCrustMetadataV13(c: CrustMetadataConstants): Uint8Array {
  const registry = legacyCrustRegistry();
  const e = encoders(registry);
  // In construct_runtime! order.
  const modules = [
    systemModule(e, c),
    timestampModule(e, c),
    balancesModule(e, c),
    transactionPaymentModule(e, c),
    marketModule(e, c),
  ];
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: {
      v13: {
        modules,
        extrinsic: {
          version: 4,
          signedExtensions: [
            'CheckSpecVersion',
            'CheckTxVersion',
            'CheckGenesis',
            'CheckMortality',
            'CheckNonce',
            'CheckWeight',
            'ChargeTransactionPayment',
          ],
        },
      },
    },
  } as never).toU8a();
}
