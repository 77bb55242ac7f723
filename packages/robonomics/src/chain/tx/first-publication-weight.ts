import type { RobonomicsClient } from '../model/client-type.ts';
import { datalogRecordTx } from './datalog-record.ts';
import { fetchPaymentInfo } from './payment-info.ts';
import { rwsCallTx } from './rws-call.ts';
import { twinCreateTx } from './twin-create.ts';
import { twinSetSourceTx } from './twin-set-source.ts';

/** A CIDv0 as the home records it: 46 characters. */
const SAMPLE_CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const SAMPLE_TOPIC = `0x${'00'.repeat(32)}` as const;

/**
 * The weight a new home's first publication takes from its subscription, as the runtime weighs
 * each call (docs/home-assistant.md, "Cadence"): a digital twin, its config topic, and the first
 * telemetry record, each through rws.call. rws.call charges the inner call's own weight, while
 * the runtime's fee query adds what every transaction's extensions weigh; rws.call itself
 * declares no weight, so its own query gives exactly that part, which is taken off.
 */
export async function fetchFirstPublicationWeight(
  client: RobonomicsClient,
  owner: string,
  controller: string,
): Promise<bigint> {
  const calls = [
    twinCreateTx(client),
    twinSetSourceTx(client, 0, SAMPLE_TOPIC, controller),
    datalogRecordTx(client, SAMPLE_CID),
  ];
  const [extensions, ...infos] = await Promise.all([
    fetchPaymentInfo(rwsCallTx(client, owner, calls[2]!.call), controller),
    ...calls.map((tx) => fetchPaymentInfo(tx, controller)),
  ]);
  return infos.reduce((sum, info) => sum + info.weight - extensions!.weight, 0n);
}
