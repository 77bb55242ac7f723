import { type BoxPublic, decryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';

/** How much of a file the page shows; the rest is only counted. */
export const MAX_SHOWN_CHARS = 2_000;

export type FileContent =
  /** A box one of `senders` made for this key, opened. */
  | { kind: 'decrypted'; text: string }
  /** A box (0x hex) this key cannot open: shown raw. */
  | { kind: 'encrypted'; text: string }
  /** Not a box at all. */
  | { kind: 'plain'; text: string };

const BOX_HEX = /^0x(?:[0-9a-fA-F]{2})+$/;

/**
 * A file of the twin as the page shows it: decrypted when it is a box for this key from one of
 * `senders` (the key itself, the subscription owner), else the raw text.
 */
export function readFileContent(raw: string, key: KeyPair, senders: BoxPublic[]): FileContent {
  const text = raw.trim();
  if (!BOX_HEX.test(text)) return { kind: 'plain', text: raw };
  for (const sender of senders) {
    try {
      return { kind: 'decrypted', text: decryptMessage(text, key, sender) };
    } catch {
      // not from this sender, or not for this key: try the next one
    }
  }
  return { kind: 'encrypted', text: raw };
}

/** At most `max` characters, with how many were left out. */
export function shownText(text: string, max = MAX_SHOWN_CHARS): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en')} more characters)`;
}
