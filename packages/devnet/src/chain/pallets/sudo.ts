import type { Call } from '@polkadot/types/interfaces';
import { u8aEq } from '@polkadot/util';
import { DispatchFailure, type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

/** sudo(call): only the Sudo key; dispatches as Root and reports the inner result in Sudid. */
export function dispatchSudo(ctx: ExecContext, call: Call, origin: Origin): void {
  const sender = signedBy(origin);
  const key = ctx.read('sudo', 'key');
  if (!key || !u8aEq(key.toU8a(), sender)) ctx.fail('Sudo', 'RequireSudo');
  if (call.method !== 'sudo') ctx.fail('System', 'CallFiltered');
  const inner = call.args[0] as unknown as Call;
  try {
    ctx.state.transactional(() => ctx.dispatch(inner, { kind: 'root' }));
    ctx.deposit('Sudo', 'Sudid', { sudoResult: { Ok: null } });
  } catch (error) {
    if (!(error instanceof DispatchFailure)) throw error;
    ctx.deposit('Sudo', 'Sudid', { sudoResult: { Err: error.error } });
  }
}
