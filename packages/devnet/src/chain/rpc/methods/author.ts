import type { TxStatus } from '../../node/pool.ts';
import { extrinsicParam } from '../params.ts';
import { call, type MethodContext, type MethodEntries, subscribe, UNSUBSCRIBE } from '../table.ts';

/** author_*: the transaction pool. */
export function authorMethods({ node, hooks, maxExtrinsicBytes }: MethodContext): MethodEntries {
  return [
    ['author_pendingExtrinsics', call(() => node.pending)],
    [
      'author_submitExtrinsic',
      call(([hex]) => {
        const { hash } = node.submit(extrinsicParam(hex, maxExtrinsicBytes));
        hooks.onSubmit?.();
        return hash;
      }),
    ],
    [
      'author_submitAndWatchExtrinsic',
      subscribe(([hex], sub) => {
        sub.notification = 'author_extrinsicUpdate';
        const pending: TxStatus[] = [];
        let ready = false;
        const send = (status: TxStatus) => {
          if (!ready) pending.push(status);
          else hooks.notify(sub, status);
          if (
            status === 'invalid' ||
            status === 'dropped' ||
            (typeof status === 'object' && 'finalized' in status)
          ) {
            setTimeout(() => hooks.end(sub), 0);
          }
        };
        const { status } = node.submit(extrinsicParam(hex, maxExtrinsicBytes), send);
        // "ready"/"future" go out right after the id reply, before any later update.
        sub.stop = () => {};
        setImmediate(() => {
          ready = true;
          hooks.notify(sub, status);
          for (const s of pending) hooks.notify(sub, s);
        });
        hooks.onSubmit?.();
      }),
    ],
    ['author_unwatchExtrinsic', UNSUBSCRIBE],
  ];
}
