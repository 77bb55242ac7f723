import { Metadata, TypeRegistry } from '@polkadot/types';
import type { CrustMetadataConstants } from './metadata-params.ts';
import { balancesPallet } from './v14/balances.ts';
import { commonTypes } from './v14/common.ts';
import { extrinsicTypes } from './v14/extrinsic.ts';
import { marketPallet } from './v14/market.ts';
import { systemPallet } from './v14/system.ts';
import { timestampPallet } from './v14/timestamp.ts';
import { transactionPaymentPallet } from './v14/transaction-payment.ts';
import { type FieldSpec, TypeTable } from './v14/type-table.ts';

/**
 * A hand-built V14 metadata for a Crust-like storage chain (docs/crust.md):
 * System, Timestamp, Balances, TransactionPayment and Crust's `market` pallet, with the type
 * paths @polkadot/api and dedot key on, so both decode it unmodified. Each pallet describes
 * itself in v14/; this file joins them into the runtime's outer enums and extrinsic.
 */

/** Builds the metadata and returns its SCALE bytes (magic number ++ version 14 ++ V14). */
export function buildCrustMetadata(c: CrustMetadataConstants): Uint8Array {
  const t = new TypeTable();
  const k = commonTypes(t);
  // In construct_runtime! order; type ids follow this order of declaration.
  const system = systemPallet(t, k, c);
  const pallets = [
    system,
    timestampPallet(t, k, c),
    balancesPallet(t, k, c),
    transactionPaymentPallet(t, k, c),
    marketPallet(t, k, c),
  ];
  // Outer enums: variant index = pallet index.
  const outer = (inner: (pallet: (typeof pallets)[number]) => number | undefined) =>
    pallets.flatMap((pallet): [string, number, FieldSpec[]][] => {
      const type = inner(pallet);
      return type === undefined ? [] : [[pallet.name, pallet.index, [[null, type]]]];
    });
  const RUNTIME_CALL = t.variant(
    ['crust_runtime', 'RuntimeCall'],
    outer((pallet) => pallet.call),
  );
  const RUNTIME_EVENT = t.variant(
    ['crust_runtime', 'RuntimeEvent'],
    outer((pallet) => pallet.event),
  );
  const EVENT_RECORD = t.composite(
    ['frame_system', 'EventRecord'],
    [
      ['phase', system.phase, 'Phase'],
      ['event', RUNTIME_EVENT, 'E'],
      ['topics', k.VEC_H256, 'Vec<T>'],
    ],
    [
      ['E', RUNTIME_EVENT],
      ['T', k.H256],
    ],
  );
  const EVENTS = t.seq(EVENT_RECORD);
  const extrinsic = extrinsicTypes(t, k, RUNTIME_CALL);
  const registry = new TypeRegistry();
  return new Metadata(registry, {
    magicNumber: 0x6174656d,
    metadata: {
      v14: {
        lookup: { types: t.types },
        pallets: pallets.map((pallet) => pallet.metadata(EVENTS)),
        extrinsic: {
          type: extrinsic.uncheckedExtrinsic,
          version: 4,
          signedExtensions: extrinsic.signedExtensions,
        },
        type: extrinsic.runtime,
      },
    },
  } as never).toU8a();
}
