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
 * What each call a new home sends before its first record takes from its subscription, as the
 * runtime weighs it (docs/product-rules.md, "The wait for the first record"): a digital twin,
 * its config topic, the telemetry record. rws.call charges the inner call's own weight, while
 * the runtime's fee query adds what every transaction's extensions weigh; rws.call itself
 * declares no weight, so its own query gives exactly that part, which is taken off.
 */
export async function fetchHomeCallWeights(
  client: RobonomicsClient,
  owner: string,
  controller: string,
): Promise<Record<'twin' | 'topic' | 'record', bigint>> {
  const [extensions, twin, topic, record] = await Promise.all([
    fetchPaymentInfo(
      rwsCallTx(client, owner, datalogRecordTx(client, SAMPLE_CID).call),
      controller,
    ),
    fetchPaymentInfo(twinCreateTx(client), controller),
    fetchPaymentInfo(twinSetSourceTx(client, 0, SAMPLE_TOPIC, controller), controller),
    fetchPaymentInfo(datalogRecordTx(client, SAMPLE_CID), controller),
  ]);
  const own = (info: { weight: bigint }) => info.weight - extensions.weight;
  return { twin: own(twin), topic: own(topic), record: own(record) };
}
