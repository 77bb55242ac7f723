import { decodeAddress } from '@dedot/utils';
import type { RobonomicsClient } from '../client.ts';
import {
  DATALOG_WINDOW,
  type DatalogRecord,
  datalogItemKey,
  decodeDatalogItem,
} from './datalog-window.ts';

/** An account's newest datalog record (the slot before `end` of its ring), or null. */
export async function fetchLastDatalog(
  client: RobonomicsClient,
  account: string,
): Promise<DatalogRecord | null> {
  const index = await client.query.datalog.datalogIndex(account);
  if (Number(index.start) === Number(index.end)) return null;
  const last = (Number(index.end) + DATALOG_WINDOW - 1) % DATALOG_WINDOW;
  const value = await client.rpc.state_getStorage(
    datalogItemKey(decodeAddress(account), last) as `0x${string}`,
  );
  return value ? decodeDatalogItem(value) : null;
}
