import type { Call } from '@polkadot/types/interfaces';
import { u8aToHex } from '@polkadot/util';
import { type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

/** Datalog.WindowSize: the ring holds WindowSize - 1 records (start == end means empty). */
export const WINDOW_SIZE = 128n;
/**
 * Datalog.MaximumMessageSize: a longer record does not decode on the real chain, so the devnet
 * refuses it when the transaction is submitted (extrinsic.ts), as the runtime does.
 */
export const MAXIMUM_MESSAGE_SIZE = 512;

function index(ctx: ExecContext, who: Uint8Array): { start: bigint; end: bigint } {
  const value = ctx.read('datalog', 'datalogIndex', who)!.toJSON() as {
    start: number;
    end: number;
  };
  return { start: BigInt(value.start), end: BigInt(value.end) };
}

export function dispatchDatalog(ctx: ExecContext, call: Call, origin: Origin): void {
  const who = signedBy(origin);
  switch (call.method) {
    case 'record': {
      // Bytes values go in as hex: a Uint8Array would be read as already length-prefixed.
      const record = u8aToHex(call.args[0]!.toU8a(true));
      const ring = index(ctx, who);
      const slot = ring.end;
      ring.end = (ring.end + 1n) % WINDOW_SIZE;
      if (ring.start === ring.end) ring.start = (ring.start + 1n) % WINDOW_SIZE;
      ctx.write('datalog', 'datalogItem', [[who, slot]], [ctx.now, record]);
      ctx.write('datalog', 'datalogIndex', [who], ring);
      ctx.deposit('Datalog', 'NewRecord', [who, ctx.now, record]);
      return;
    }
    case 'erase': {
      const ring = index(ctx, who);
      for (let i = ring.start; i !== ring.end; i = (i + 1n) % WINDOW_SIZE)
        ctx.remove('datalog', 'datalogItem', [who, i]);
      ctx.remove('datalog', 'datalogIndex', who);
      // A one-field variant: the value itself, not a list.
      ctx.deposit('Datalog', 'Erased', who as unknown as unknown[]);
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
