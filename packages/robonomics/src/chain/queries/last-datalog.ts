import { decodeAddress } from '@dedot/utils';
import type { DatalogRecord } from '../model/datalog.ts';
import {
  datalogIndexKey,
  datalogItemKey,
  decodeDatalogIndex,
  decodeDatalogItem,
  newestDatalogSlot,
} from '../model/datalog-ring.ts';
import type { StorageReader } from './storage-reader.ts';

/**
 * An account's newest datalog record (the slot before `end` of its ring), or null. Two storage
 * reads by key, no metadata: it runs as soon as the node's socket is open.
 */
export async function fetchLastDatalog(
  read: StorageReader,
  account: string,
): Promise<DatalogRecord | null> {
  const publicKey = decodeAddress(account);
  const index = await read(datalogIndexKey(publicKey) as `0x${string}`);
  if (!index) return null;
  const last = newestDatalogSlot(decodeDatalogIndex(index));
  if (last === null) return null;
  const value = await read(datalogItemKey(publicKey, last) as `0x${string}`);
  return value ? decodeDatalogItem(value) : null;
}
