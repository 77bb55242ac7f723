import { stringToHex } from '@dedot/utils';
import type { RobonomicsClient } from '../model/client-type.ts';

/** datalog.record(text): one record of the signer's datalog, the text as UTF-8 bytes. */
export function datalogRecordTx(client: RobonomicsClient, text: string) {
  return client.tx.datalog.record(stringToHex(text));
}
