import type { Metadata } from 'dedot/codecs';
import { MerkleizedMetadata } from 'dedot/merkleized-metadata';
import { u8aToHex } from 'dedot/utils';
import type { TokenFacts } from '../network/network-identity.ts';

type Hex = `0x${string}`;

/**
 * The RFC-0078 hash of a runtime's metadata with its token (docs/security.md, "The metadata
 * hash"): what a transaction signed with CheckMetadataHash in mode 1 commits to, and what the
 * runtime compares with the hash built into it. The on-chain Robonomics builds use XRT and 9
 * decimals. Long work (about a third of a second for the Robonomics metadata): never on a page's
 * first paint.
 */
export function metadataHashOf(metadata: Metadata | Uint8Array | Hex, token: TokenFacts): Hex {
  return u8aToHex(
    new MerkleizedMetadata(metadata, {
      decimals: token.decimals,
      tokenSymbol: token.symbol,
    }).digest(),
  ) as Hex;
}
