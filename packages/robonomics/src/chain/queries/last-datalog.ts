import { decodeAddress } from '@dedot/utils';
import type { RobonomicsClient } from '../client.ts';
import {
  type DatalogRecord,
  datalogItemKey,
  decodeDatalogItem,
  newestDatalogSlot,
} from './datalog-window.ts';

/** An account's newest datalog record (the slot before `end` of its ring), or null. */
export async function fetchLastDatalog(
  client: RobonomicsClient,
  account: string,
): Promise<DatalogRecord | null> {
  const index = await client.query.datalog.datalogIndex(account);
  const last = newestDatalogSlot({ start: Number(index.start), end: Number(index.end) });
  if (last === null) return null;
  const value = await client.rpc.state_getStorage(
    datalogItemKey(decodeAddress(account), last) as `0x${string}`,
  );
  return value ? decodeDatalogItem(value) : null;
}
