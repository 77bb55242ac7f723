import type { RobonomicsClient } from '../model/client-type.ts';
import { datalogRecordTx } from './datalog-record.ts';
import { twinCreateTx } from './twin-create.ts';

/**
 * What a controller sends for itself, from its own balance, before Home Assistant runs: a
 * digital twin (`twin`), and a first datalog record naming a file on IPFS (`recordCid`), all
 * or nothing (docs/product-rules.md, "The controller's twin").
 */
export function controllerTwinTx(
  client: RobonomicsClient,
  plan: { twin: boolean; recordCid: string | null },
) {
  if (plan.twin && plan.recordCid !== null) {
    return client.tx.utility.batchAll([
      twinCreateTx(client).call,
      datalogRecordTx(client, plan.recordCid).call,
    ]);
  }
  if (plan.twin) return twinCreateTx(client);
  if (plan.recordCid !== null) return datalogRecordTx(client, plan.recordCid);
  throw new Error('The controller has its twin and its first record already.');
}
