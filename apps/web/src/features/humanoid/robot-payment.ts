import { formatBalance } from '@robonomics-dapp/robonomics/rws/format';

export interface SpendableBalance {
  free: bigint;
  frozen: bigint;
}

/**
 * What the account can give away and stay alive: transfer_keep_alive and the fee may not take
 * the free balance below the frozen part or the existential deposit, whichever is larger.
 */
export function spendable(balance: SpendableBalance, existentialDeposit: bigint): bigint {
  const floor = balance.frozen > existentialDeposit ? balance.frozen : existentialDeposit;
  return balance.free > floor ? balance.free - floor : 0n;
}

/**
 * Why the account cannot pay the robot `price` plus `fee`, in words, or null when it can.
 * Checked before the wallet is asked, so a payment that would fail costs no fee.
 */
export function robotPaymentRefusal(
  balance: SpendableBalance,
  existentialDeposit: bigint,
  price: bigint,
  fee: bigint,
  decimals = 9,
  symbol = 'XRT',
): string | null {
  const available = spendable(balance, existentialDeposit);
  if (available >= price + fee) return null;
  const amount = (planck: bigint, shown: number) =>
    `${formatBalance(planck, decimals, shown)} ${symbol}`;
  return (
    `Not enough ${symbol}: paying the robot takes ${amount(price, 1)} plus a network fee of ` +
    `${amount(fee, 6)}, and this account can spend ${amount(available, 4)}.`
  );
}
