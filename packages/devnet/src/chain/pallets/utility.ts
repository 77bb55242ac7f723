import type { Call } from '@polkadot/types/interfaces';
import { DispatchFailure, type ExecContext, type Origin } from '../runtime/context.ts';

/** Utility.batched_calls_limit of the runtime. */
export const BATCHED_CALLS_LIMIT = 10_922;

function calls(call: Call): Call[] {
  return call.args[0] as unknown as Call[];
}

/**
 * batch stops at the first failure (BatchInterrupted) but succeeds; batch_all fails whole;
 * force_batch goes on past failures (ItemFailed, BatchCompletedWithErrors).
 */
export function dispatchUtility(ctx: ExecContext, call: Call, origin: Origin): void {
  const items =
    call.method === 'batch' || call.method === 'batchAll' || call.method === 'forceBatch'
      ? calls(call)
      : [];
  if (items.length > BATCHED_CALLS_LIMIT) ctx.fail('Utility', 'TooManyCalls');
  switch (call.method) {
    case 'batch': {
      for (const [index, item] of items.entries()) {
        try {
          ctx.state.transactional(() => ctx.dispatch(item, origin));
        } catch (error) {
          if (!(error instanceof DispatchFailure)) throw error;
          ctx.deposit('Utility', 'BatchInterrupted', { index, error: error.error });
          return;
        }
        ctx.deposit('Utility', 'ItemCompleted', {});
      }
      ctx.deposit('Utility', 'BatchCompleted', {});
      return;
    }
    case 'batchAll': {
      for (const item of items) {
        ctx.dispatch(item, origin);
        ctx.deposit('Utility', 'ItemCompleted', {});
      }
      ctx.deposit('Utility', 'BatchCompleted', {});
      return;
    }
    case 'forceBatch': {
      let failed = false;
      for (const item of items) {
        try {
          ctx.state.transactional(() => ctx.dispatch(item, origin));
          ctx.deposit('Utility', 'ItemCompleted', {});
        } catch (error) {
          if (!(error instanceof DispatchFailure)) throw error;
          failed = true;
          ctx.deposit('Utility', 'ItemFailed', { error: error.error });
        }
      }
      ctx.deposit('Utility', failed ? 'BatchCompletedWithErrors' : 'BatchCompleted', {});
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
