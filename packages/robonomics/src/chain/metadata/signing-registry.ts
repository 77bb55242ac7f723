type Hex = `0x${string}`;

/**
 * What a transaction signed on a connection commits to (docs/security.md, "The metadata hash"):
 *
 * - `pinned`: the network's runtime is one this build pins, and the node's description of it
 *   gives the pinned RFC-0078 hash: transactions are signed with CheckMetadataHash in mode 1 over
 *   that hash;
 * - `described`: a Robonomics network whose runtime this build does not pin (a newer runtime, or
 *   one whose metadata could not be had), or the build's own devnet: mode 1 over the hash of the
 *   node's description, which the real chain checks (a node that lied makes the signature fail);
 * - `unverified`: a chain the app does not know: mode 0, and the page says its description was
 *   not verified.
 */
export type SigningMetadata =
  | { kind: 'pinned'; metadataHash: Hex }
  | { kind: 'described'; metadataHash: Hex; why: 'newer' | 'not pinned' | 'devnet' }
  | { kind: 'unverified' };

/** How each client's decision is made, set by its connection (chain/connection/chain-connection.ts): made once. */
const deciders = new WeakMap<object, () => Promise<SigningMetadata>>();

/** Registers how `client`'s decision is made; it runs on first need (see signingMetadataOf). */
export function setSigningMetadata(client: object, decide: () => Promise<SigningMetadata>): void {
  let decision: Promise<SigningMetadata> | undefined;
  deciders.set(client, () => {
    decision ??= decide();
    return decision;
  });
}

/**
 * What a transaction on this client commits to: the connection's decision, made now if it was
 * not yet (it may still be under way), else nothing (mode 0) for a client no connection decided
 * for. Rejects with the reason when the node's description was refused.
 */
export function signingMetadataOf(client: object): Promise<SigningMetadata> {
  return deciders.get(client)?.() ?? Promise.resolve({ kind: 'unverified' });
}

/** The metadata hash a transaction commits to, or undefined for mode 0. */
export function metadataHashToSign(signing: SigningMetadata): Hex | undefined {
  return signing.kind === 'unverified' ? undefined : signing.metadataHash;
}
