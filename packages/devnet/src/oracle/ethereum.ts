import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  compactSignatureToSignature,
  createPublicClient,
  getAddress,
  hexToCompactSignature,
  http,
  isHex,
  type PublicClient,
  recoverMessageAddress,
} from 'viem';
import { seasonPassAbi } from '../evm/season-pass-abi.ts';

/** The Ethereum node could not be asked (not a contract revert). */
export class EthereumUnavailable extends Error {}

/**
 * `ethers.getAddress` as the original oracle applies it: 40 hex digits with or without 0x; a
 * mixed-case address must carry a valid EIP-55 checksum. Null when it would throw.
 */
export function parseEthereumAddress(raw: unknown): Address | null {
  if (typeof raw !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(raw)) return null;
  const hex = raw.startsWith('0x') ? raw : `0x${raw}`;
  const checksummed = getAddress(hex.toLowerCase());
  const mixedCase = /([A-F].*[a-f])|([a-f].*[A-F])/.test(hex.slice(2));
  if (mixedCase && checksummed !== hex) return null;
  return checksummed;
}

/**
 * `ethers.verifyMessage(message, signature) === getAddress(address)`: EIP-191 personal_sign
 * recovery. Anything malformed is simply not a valid signature.
 */
export async function signedBy(message: string, signature: unknown, expected: Address) {
  if (typeof signature !== 'string' || !isHex(signature)) return false;
  try {
    // 65 bytes r‖s‖v (v 27/28 or 0/1), or the 64-byte compact form (EIP-2098), as ethers reads.
    const parsed =
      signature.length === 132
        ? signature
        : signature.length === 130
          ? compactSignatureToSignature(hexToCompactSignature(signature))
          : null;
    if (!parsed) return false;
    return (await recoverMessageAddress({ message, signature: parsed })) === expected;
  } catch {
    return false;
  }
}

/** Reads the SeasonPass contract over the EVM service's JSON-RPC. */
export class SeasonPassReader {
  readonly #client: PublicClient;
  readonly #contract: Address;

  constructor(rpcUrl: string, contract: Address) {
    this.#client = createPublicClient({
      transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }),
    });
    this.#contract = contract;
  }

  /** Calls a view; a revert (e.g. ERC721NonexistentToken) resolves to null. */
  async #read<T>(functionName: 'ownerOf' | 'activatedOf', tokenId: bigint): Promise<T | null> {
    try {
      return (await this.#client.readContract({
        address: this.#contract,
        abi: seasonPassAbi,
        functionName,
        args: [tokenId],
      })) as T;
    } catch (error) {
      if (
        error instanceof BaseError &&
        error.walk((e) => e instanceof ContractFunctionRevertedError)
      ) {
        return null;
      }
      throw new EthereumUnavailable(
        `the Ethereum node did not answer: ${(error as Error).message}`,
      );
    }
  }

  /** The holder, or null for a token that does not exist. */
  ownerOf(tokenId: bigint): Promise<Address | null> {
    return this.#read<Address>('ownerOf', tokenId);
  }

  async activatedOf(tokenId: bigint): Promise<boolean> {
    return (await this.#read<boolean>('activatedOf', tokenId)) === true;
  }
}
