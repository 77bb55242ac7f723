/**
 * An address as lists show it: first and last six characters, "4DNhfC…zn2HAs". A module of its
 * own, without the SS58 codec (address.ts), so views that only show addresses do not load it.
 */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}
