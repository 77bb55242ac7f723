import type { RobonomicsClient, RuntimeCallLike } from '../model/client-type.ts';

/** rws.call(owner, call): `call` paid by the free weight of `owner`'s subscription. */
export function rwsCallTx(client: RobonomicsClient, owner: string, call: RuntimeCallLike) {
  return client.tx.rws.call(owner, call);
}
