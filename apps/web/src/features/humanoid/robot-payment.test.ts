import { describe, expect, it } from 'vitest';
import { robotPaymentRefusal, spendable } from './robot-payment.ts';

const XRT = 1_000_000_000n;
const ED = 1_000n;

describe('robot payment', () => {
  it('keeps the larger of the frozen part and the existential deposit', () => {
    expect(spendable({ free: XRT, frozen: 0n }, ED)).toBe(XRT - ED);
    expect(spendable({ free: XRT, frozen: XRT / 2n }, ED)).toBe(XRT / 2n);
    expect(spendable({ free: ED / 2n, frozen: 0n }, ED)).toBe(0n);
  });

  it('lets an account pay exactly the price and the fee', () => {
    const price = XRT / 2n;
    const fee = 123_456n;
    expect(robotPaymentRefusal({ free: price + fee + ED, frozen: 0n }, ED, price, fee)).toBeNull();
  });

  it('refuses one planck short, in words with the amounts', () => {
    const price = XRT / 2n;
    const fee = 123_456n;
    expect(robotPaymentRefusal({ free: price + fee + ED - 1n, frozen: 0n }, ED, price, fee)).toBe(
      'Not enough XRT: paying the robot takes 0.5 XRT plus a network fee of 0.000123 XRT, and this account can spend 0.5001 XRT.',
    );
    expect(robotPaymentRefusal({ free: XRT / 10n, frozen: 0n }, ED, price, fee)).toBe(
      'Not enough XRT: paying the robot takes 0.5 XRT plus a network fee of 0.000123 XRT, and this account can spend 0.0999 XRT.',
    );
  });
});
