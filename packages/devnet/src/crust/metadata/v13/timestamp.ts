import { type CrustMetadataConstants, PALLET_INDEX } from '../metadata-params.ts';
import { call, constant, type Encoders, type ModuleMetadata, plain, zero } from './helpers.ts';

/** pallet_timestamp: the block's time, set by an inherent. */
export function timestampModule(e: Encoders, c: CrustMetadataConstants): ModuleMetadata {
  const { enc } = e;
  return {
    name: 'Timestamp',
    index: PALLET_INDEX.Timestamp,
    storage: {
      prefix: 'Timestamp',
      items: [plain('Now', 'T::Moment', zero(8)), plain('DidUpdate', 'bool', '0x00')],
    },
    calls: [call('set', ['now', 'Compact<T::Moment>'])],
    events: null,
    constants: [constant('MinimumPeriod', 'T::Moment', enc('u64', c.minimumPeriod))],
    errors: [],
  };
}
