/**
 * A genesis hash names a chain; nodes may write its hex digits in either case. The app keeps one
 * form (lower case, taken where a node's answer is identified) and compares case-insensitively
 * everywhere else, so that a node writing capitals is still the network it claims, with every
 * rule that network has (its pinned runtimes, its second nodes, its kept metadata).
 */

const GENESIS_HASH = /^0x[0-9a-f]{64}$/i;

/** The one form of a genesis hash (lower case), or null when the text is not one. */
export function normalizeGenesisHash(hash: unknown): `0x${string}` | null {
  return typeof hash === 'string' && GENESIS_HASH.test(hash)
    ? (hash.toLowerCase() as `0x${string}`)
    : null;
}

/** Whether two genesis hashes name the same chain, whatever the case of their digits. */
export function sameGenesis(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}
