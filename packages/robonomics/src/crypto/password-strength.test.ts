import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_BITS, passwordBits, passwordWeakness } from './password-strength.ts';

describe('the password rule for kept keys', () => {
  it('refuses short passwords whatever they are made of', () => {
    expect(passwordWeakness('home pass 1')).toBe(
      'The password is too short: use at least 12 characters.',
    );
    expect(passwordWeakness('Xk#9q!Lm2$v')).toMatch(/too short/);
  });

  it('refuses long passwords made of repeats, runs and common words', () => {
    for (const weak of [
      'aaaaaaaaaaaaaaaa',
      'abcdefghijklmnop',
      '1234567890123456',
      'qwertyuiopasdfgh',
      'Password12345678',
      'robonomics123456',
      'passwordpassword',
      'zyxwvutsrqponmlk',
    ]) {
      expect(passwordWeakness(weak), weak).toMatch(/too easy to guess/);
    }
  });

  it('takes several unrelated words or a random mix', () => {
    for (const strong of [
      'correct horse battery staple',
      'kitchen-lights-42-blue',
      'Xk#9q!Lm2$vT',
      'tulip orbit gravel mint',
    ]) {
      expect(passwordWeakness(strong), strong).toBeNull();
      expect(passwordBits(strong)).toBeGreaterThanOrEqual(MIN_PASSWORD_BITS);
    }
  });

  it('counts a common word once, not per letter', () => {
    expect(passwordBits('password')).toBe(12);
    expect(passwordBits('qwerty')).toBe(12);
    // A repeat is worth one bit, a new character the bits of its class.
    expect(passwordBits('aa')).toBeCloseTo(Math.log2(26) + 1);
  });
});
