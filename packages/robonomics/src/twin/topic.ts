import { cidToH256, isCidV0 } from '../ipfs/cid.ts';

const encoder = new TextEncoder();

/** The topics the sensor pages look for: the words right-aligned in 32 bytes. */
export const ALTRUIST_TOPIC = textToTopic('altruist');
export const ENERGY_TOPIC = textToTopic('energy');

/** Text right-aligned (zero-padded on the left) in 32 bytes; more than 32 bytes: 'max 32'. */
export function textToTopic(text: string): string {
  const bytes = encoder.encode(text);
  if (bytes.length > 32) throw new Error('max 32');
  const padded = new Uint8Array(32);
  padded.set(bytes, 32 - bytes.length);
  return `0x${Array.from(padded, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A twin topic from what the user typed (docs/product-rules.md): 0x… is taken as the 32-byte value itself,
 * a CIDv0 becomes its digest, anything else is text in 32 bytes.
 */
export function topicFromInput(input: string): string {
  const text = input.trim();
  if (text.startsWith('0x')) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(text))
      throw new Error('A hex topic is 0x followed by 64 hex characters.');
    return text.toLowerCase();
  }
  if (isCidV0(text)) return cidToH256(text);
  if (text === '') throw new Error('Enter a topic.');
  return textToTopic(text);
}

/** Hex text decoding (docs/product-rules.md): strip 0x and leading zeros, pad to even length, read UTF-8. */
export function topicToText(hex: string): string {
  let clean = (hex.startsWith('0x') ? hex.slice(2) : hex).replace(/^0+/, '');
  if (clean.length % 2) clean = `0${clean}`;
  const bytes = Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
