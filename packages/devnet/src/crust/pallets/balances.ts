import type { Call } from '@polkadot/types/interfaces';
import { u8aEq } from '@polkadot/util';
import { readAccount, transfer } from '../../chain/pallets/balances.ts';
import { type ExecContext, type Origin, signedBy } from '../../chain/runtime/context.ts';

/**
 * Balances calls of the Crust chain. The currency logic is the engine's (chain/pallets/balances);
 * only the destination differs: Crust's Address is the AccountId itself, not a MultiAddress.
 */
export function dispatchCrustBalances(ctx: ExecContext, call: Call, origin: Origin): void {
  const from = signedBy(origin);
  const to = call.args[0]!.toU8a();
  // Crust mainnet's own fork of the pallet (V13) has transfer and transfer_keep_alive only.
  const legacy = ctx.runtime.metadata.version < 14;
  switch (call.method) {
    case 'transfer':
    case 'transferAllowDeath':
    case 'transferKeepAlive': {
      const value = BigInt(call.args[1]!.toString());
      const keepAlive = call.method === 'transferKeepAlive';
      if (legacy) legacyTransfer(ctx, from, to, value, keepAlive);
      else transfer(ctx, from, to, value, keepAlive);
      return;
    }
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

/**
 * Currency::transfer of Crust's balances fork: nothing happens for a zero amount or to oneself,
 * and refusals are the pallet's own errors (no Token errors in 2021's FRAME).
 */
function legacyTransfer(
  ctx: ExecContext,
  from: Uint8Array,
  to: Uint8Array,
  value: bigint,
  keepAlive: boolean,
): void {
  if (value === 0n || u8aEq(from, to)) return;
  const ed = ctx.runtime.existentialDeposit;
  const sender = readAccount(ctx, from);
  if (sender.free < value) ctx.fail('Balances', 'InsufficientBalance');
  const rest = sender.free - value;
  if (rest < sender.frozen) ctx.fail('Balances', 'LiquidityRestrictions');
  if (keepAlive && rest + sender.reserved < ed) ctx.fail('Balances', 'KeepAlive');
  const receiver = readAccount(ctx, to);
  if (receiver.providers === 0 && receiver.free + value < ed)
    ctx.fail('Balances', 'ExistentialDeposit');
  transfer(ctx, from, to, value, false);
}
