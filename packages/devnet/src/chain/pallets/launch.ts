import type { Call } from '@polkadot/types/interfaces';
import { type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

/** launch(robot, param): stores the global Goal and announces NewLaunch. */
export function dispatchLaunch(ctx: ExecContext, call: Call, origin: Origin): void {
  const sender = signedBy(origin);
  if (call.method !== 'launch') ctx.fail('System', 'CallFiltered');
  const robot = call.args[0]!.toU8a();
  const param = call.args[1]!.toU8a();
  ctx.write('launch', 'goal', [], param);
  ctx.deposit('Launch', 'NewLaunch', [sender, robot, param]);
}
