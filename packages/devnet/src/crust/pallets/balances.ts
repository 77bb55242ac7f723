import type { Call } from '@polkadot/types/interfaces';
import { type ExecContext, type Origin, signedBy } from '../../chain/context.ts';
import { readAccount, transfer } from '../../chain/pallets/balances.ts';

/**
 * Balances calls of the Crust chain. The currency logic is the engine's (chain/pallets/balances);
 * only the destination differs: Crust's Address is the AccountId itself, not a MultiAddress.
 */
export function dispatchCrustBalances(ctx: ExecContext, call: Call, origin: Origin): void {
  const from = signedBy(origin);
  const to = call.args[0]!.toU8a();
  switch (call.method) {
    case 'transferAllowDeath':
    case 'transferKeepAlive':
      transfer(
        ctx,
        from,
        to,
        BigInt(call.args[1]!.toString()),
        call.method === 'transferKeepAlive',
      );
      return;
    case 'transferAll': {
      const keepAlive = call.args[1]!.toJSON() === true;
      const account = readAccount(ctx, from);
      const spendable = account.free - account.frozen;
      const value = keepAlive ? spendable - ctx.runtime.existentialDeposit : spendable;
      transfer(ctx, from, to, value > 0n ? value : 0n, keepAlive);
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
