import type { Call } from '@polkadot/types/interfaces';
import type { ExecContext, Origin } from '../runtime/context.ts';
import { callWeight } from '../runtime/weights.ts';
import { dispatchBalances } from './balances.ts';
import { dispatchDatalog } from './datalog.ts';
import { dispatchDigitalTwin } from './digital-twin.ts';
import { dispatchLaunch } from './launch.ts';
import { dispatchRws } from './rws.ts';
import { dispatchSudo } from './sudo.ts';
import { dispatchSystem } from './system.ts';
import { dispatchUtility } from './utility.ts';

/** Routes a call to its pallet. Calls of pallets the devnet does not model are filtered. */
const pallets: Record<string, (ctx: ExecContext, call: Call, origin: Origin) => void> = {
  system: dispatchSystem,
  balances: dispatchBalances,
  utility: dispatchUtility,
  sudo: dispatchSudo,
  datalog: dispatchDatalog,
  launch: dispatchLaunch,
  digitalTwin: dispatchDigitalTwin,
  rws: (ctx, call, origin) => dispatchRws(ctx, call, origin, (inner) => callWeight(inner).refTime),
};

export function dispatchCall(ctx: ExecContext, call: Call, origin: Origin): void {
  const pallet = pallets[call.section];
  if (!pallet) ctx.fail('System', 'CallFiltered');
  pallet(ctx, call, origin);
}
