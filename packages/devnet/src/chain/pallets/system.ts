import type { Call } from '@polkadot/types/interfaces';
import { blake2AsU8a } from '@polkadot/util-crypto';
import { type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

export function dispatchSystem(ctx: ExecContext, call: Call, origin: Origin): void {
  switch (call.method) {
    case 'remark':
      return;
    case 'remarkWithEvent': {
      const sender = signedBy(origin);
      const bytes = call.args[0]!.toU8a(true);
      ctx.deposit('System', 'Remarked', { sender, hash: blake2AsU8a(bytes) });
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
