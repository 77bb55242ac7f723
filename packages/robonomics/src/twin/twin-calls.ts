import type { RobonomicsClient, RuntimeCallLike } from '../chain/model/client-type.ts';
import type { Submittable, TxResult } from '../chain/model/transaction.ts';
import { fetchCreatedTwinId } from '../chain/queries/created-twin.ts';
import { twinCreateTx } from '../chain/tx/twin-create.ts';
import { twinSetSourceTx } from '../chain/tx/twin-set-source.ts';

/** Signs and sends a call the caller's way (directly, or through a subscription). */
export type SendCall = (tx: Submittable & { call: RuntimeCallLike }) => Promise<TxResult>;

export const NOT_TWIN_OWNER = 'Only the owner of the twin can set its sources.';

/** Creates a twin; `twin` is its id, or null when the block cannot be read. */
export async function createTwin(
  client: RobonomicsClient,
  send: SendCall,
): Promise<{ result: TxResult; twin: number | null }> {
  const result = await send(twinCreateTx(client));
  const twin = await fetchCreatedTwinId(client, result).catch(() => null);
  return { result, twin };
}

/** Points `topic` of `twin` at `source`; the pallet's bare refusal becomes a sentence. */
export async function setTwinSource(
  client: RobonomicsClient,
  send: SendCall,
  twin: number,
  topic: `0x${string}`,
  source: string,
): Promise<TxResult> {
  try {
    return await send(twinSetSourceTx(client, twin, topic, source));
  } catch (error) {
    // The pallet refuses with a bare string error (DispatchError::Other).
    if (error instanceof Error && error.message === 'Error') throw new Error(NOT_TWIN_OWNER);
    throw error;
  }
}
