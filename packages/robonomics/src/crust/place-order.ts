import { stringToHex } from '@dedot/utils';
import type { IKeyringPair } from 'dedot/types';
import { describeSubmitError } from '../chain/errors.ts';
import type { CrustClient } from './client.ts';

/**
 * market.place_storage_order(cid, size, tips 0, memo ""), signed on Crust, resolved once in a
 * block; a failure rejects with the module error's docs, else "Error".
 */
export function placeStorageOrder(
  client: CrustClient,
  pair: IKeyringPair,
  cid: string,
  size: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let unsub: (() => Promise<void>) | null = null;
    const done = (outcome: () => void) => {
      void unsub?.().catch(() => {});
      outcome();
    };
    client.tx.market
      .placeStorageOrder(stringToHex(cid), BigInt(size), 0n, '0x')
      .signAndSend(pair, (result) => {
        const { status, dispatchError } = result;
        if (status.type === 'Invalid' || status.type === 'Drop') {
          done(() => reject(new Error('The Crust node refused the order.')));
        } else if (status.type === 'BestChainBlockIncluded' || status.type === 'Finalized') {
          if (dispatchError) {
            const meta =
              dispatchError.type === 'Module' ? client.registry.findErrorMeta(dispatchError) : null;
            done(() => reject(new Error(meta?.docs.join(' ').trim() || 'Error')));
          } else done(resolve);
        }
      })
      .then(
        (u) => {
          unsub = u;
        },
        (error: unknown) =>
          reject(describeSubmitError(error instanceof Error ? error.message : String(error))),
      );
  });
}
