/**
 * The rule for passwords that seal a key kept outside the user's head (the controller keystore,
 * a generated account kept in the browser): at least 12 characters and an estimated 50 bits of
 * guessing work (docs/crypto.md, "Password strength"). A small rule of our own, not a library:
 * zxcvbn's dictionaries weigh several hundred KiB, and this rule's weaknesses are in its tests.
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MIN_PASSWORD_BITS = 50;

/** What the user reads under the field. */
export const PASSWORD_RULE_TEXT = `Use at least ${MIN_PASSWORD_LENGTH} characters that are hard to guess: several unrelated words, or a mix of letters, digits and symbols. Repeats, sequences (abc, 123, qwerty) and common passwords count for little.`;

/**
 * Words and patterns at the top of every leaked-password list, and this app's own names: each
 * counts as one guess among a few thousand, however long it is.
 */
const COMMON = [
  'password',
  'passw0rd',
  'qwerty',
  'azerty',
  'asdf',
  'zxcv',
  'letmein',
  'welcome',
  'admin',
  'login',
  'iloveyou',
  'monkey',
  'dragon',
  'master',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'shadow',
  'superman',
  'trustno1',
  'secret',
  'changeme',
  'default',
  'robonomics',
  'homeassistant',
  'controller',
  'polkadot',
  'kusama',
];
const COMMON_BITS = 12;
/** A character that repeats or continues a run (a, b, c / 3, 2, 1 / q, w, e) is nearly free. */
const RUN_BITS = 1;
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];

function poolSize(password: string): number {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[ -/:-@[-`{-~]/.test(password)) pool += 33;
  if (/[^\x20-\x7e]/.test(password)) pool += 100;
  return Math.max(pool, 1);
}

/** Whether `b` follows `a` in the alphabet, in digits or along a keyboard row, either way. */
function continues(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  const step = y.charCodeAt(0) - x.charCodeAt(0);
  if ((step === 1 || step === -1) && /[a-z0-9]/.test(x) && /[a-z0-9]/.test(y)) return true;
  return KEYBOARD_ROWS.some((row) => {
    const i = row.indexOf(x);
    const j = row.indexOf(y);
    return i !== -1 && j !== -1 && Math.abs(i - j) === 1;
  });
}

/**
 * A rough count of the bits of guessing a password takes: each character is worth the bits of
 * the character classes used, except that a repeat or a step of a run is worth 1 bit and a
 * common word 12 bits in all. Deliberately pessimistic about patterns, optimistic about nothing.
 */
export function passwordBits(password: string): number {
  const bitsPerChar = Math.log2(poolSize(password));
  const lower = password.toLowerCase();
  let bits = 0;
  let i = 0;
  while (i < password.length) {
    const word = COMMON.find((w) => lower.startsWith(w, i));
    if (word) {
      bits += COMMON_BITS;
      i += word.length;
      continue;
    }
    bits += i > 0 && continues(password[i - 1]!, password[i]!) ? RUN_BITS : bitsPerChar;
    i += 1;
  }
  return bits;
}

/** Why a password is too weak to seal a kept key, in the user's words; null when it is strong enough. */
export function passwordWeakness(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (passwordBits(password) < MIN_PASSWORD_BITS) {
    return 'The password is too easy to guess: avoid repeats, sequences and common words, or add a few unrelated words.';
  }
  return null;
}
