import type { Call } from '@polkadot/types/interfaces';
import type { ExecContext, Origin } from './context.ts';
import { dispatchBalances } from './pallets/balances.ts';
import { dispatchDatalog } from './pallets/datalog.ts';
import { dispatchDigitalTwin } from './pallets/digital-twin.ts';
import { dispatchLaunch } from './pallets/launch.ts';
import { dispatchRws } from './pallets/rws.ts';
import { dispatchSudo } from './pallets/sudo.ts';
import { dispatchSystem } from './pallets/system.ts';
import { dispatchUtility } from './pallets/utility.ts';
import { callWeight } from './weights.ts';

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
