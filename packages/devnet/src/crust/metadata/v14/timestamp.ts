import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import type { CommonTypes } from './common.ts';
import { constant, hex, type PalletTypes, plain, type TypeTable, u64, zero } from './type-table.ts';

/** pallet_timestamp: the block's time, set by an inherent. */
export function timestampPallet(
  t: TypeTable,
  k: CommonTypes,
  c: CrustMetadataConstants,
): PalletTypes {
  const { U64, COMPACT_U64 } = k;
  const TIMESTAMP_CALL = t.variant(
    ['pallet_timestamp', 'pallet', 'Call'],
    [['set', 0, [['now', COMPACT_U64, 'T::Moment']]]],
  );
  return {
    name: 'Timestamp',
    index: PALLET_INDEX.Timestamp,
    call: TIMESTAMP_CALL,
    metadata: (_events) => ({
      name: 'Timestamp',
      index: PALLET_INDEX.Timestamp,
      storage: { prefix: 'Timestamp', items: [plain('Now', U64, zero(8))] },
      calls: { type: TIMESTAMP_CALL },
      events: null,
      constants: [constant('MinimumPeriod', U64, hex(u64(c.minimumPeriod)))],
      errors: null,
    }),
  };
}
