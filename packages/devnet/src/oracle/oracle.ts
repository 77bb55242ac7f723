import { decodeAddress, encodeAddress } from '@polkadot/util-crypto';
import type { Address } from 'viem';
import { EthereumUnavailable, parseEthereumAddress, signedBy } from './ethereum.ts';
import type { GrantStore } from './grants.ts';
import { GrantFailed, type Inclusion, ParachainUnavailable } from './parachain.ts';

/** The answers of facts/interop.md §8, word for word. */
export const ORACLE_TEXTS = {
  alreadyReceived: 'Free minimum for this token has already been received',
  wrongOwner: "Token owner's address is incorrect",
  notActivated: 'Token not activated',
  subscriptionAlready: 'Subscription already',
  badSignature: 'Bad signature',
  failed: 'Failed to free minimum',
} as const;

/**
 * The devnet's own answers where the original throws outside its handler (a malformed address
 * crashes the Express request) or reports a library error.
 */
export const INPUT_TEXTS = {
  badJson: 'Invalid request: the body must be a JSON object',
  tooLarge: 'Invalid request: the body is larger than 64 KiB',
  badNft: 'Invalid request: "nft" must be a token id (a non-negative integer)',
  badAddress: 'Invalid request: "address" must be an Ethereum address',
  badFor: 'Invalid request: "for" must be a parachain (SS58) address',
  notFound: 'Not found: the oracle answers POST /api/check and POST /api/verify',
  ethereumDown: 'The Ethereum node is not reachable',
  parachainDown: 'The parachain is not reachable',
  internal: 'Internal error',
} as const;

/** The free minimum: a 30-day Daily RWS subscription. */
export const FREE_MINIMUM_DAYS = 30;

export type Answer = { result: true } | { error: string };

/** What the oracle needs from Ethereum and from the parachain. */
export interface OracleDeps {
  grants: GrantStore;
  token: {
    ownerOf(tokenId: bigint): Promise<Address | null>;
    activatedOf(tokenId: bigint): Promise<boolean>;
  };
  parachain: {
    hasActiveSubscription(address: string): Promise<boolean>;
    setSubscription(address: string, days: number): Promise<Inclusion>;
  };
  now?: () => Date;
}

const UINT256_LIMIT = 1n << 256n;

/** A token id as the request gives it: a JSON integer, or a decimal string. */
export function parseTokenId(raw: unknown): bigint | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? BigInt(raw) : null;
  if (typeof raw === 'string' && /^(0|[1-9][0-9]{0,77})$/.test(raw)) {
    const id = BigInt(raw);
    return id < UINT256_LIMIT ? id : null;
  }
  return null;
}

/** A parachain account id in any SS58 format, as the SS58-32 address the oracle stores. */
export function parseParachainAddress(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 64) return null;
  try {
    const publicKey = decodeAddress(raw);
    return publicKey.length === 32 ? encodeAddress(publicKey, 32) : null;
  } catch {
    return null;
  }
}

class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

/**
 * The NFT oracle's rules (facts/interop.md §8): /check runs the availability checks in order,
 * /verify adds the subscription check, the signature and the grant. Requests to /verify run
 * one at a time, so two claims cannot both pass the checks.
 */
export class NftOracle {
  readonly #deps: OracleDeps;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(deps: OracleDeps) {
    this.#deps = deps;
  }

  /** Turns refusals and outages into {error}; anything else is a bug, logged, and answered. */
  async #answer(run: () => Promise<void>): Promise<Answer> {
    try {
      await run();
      return { result: true };
    } catch (error) {
      if (error instanceof Refusal) return { error: error.message };
      if (error instanceof EthereumUnavailable) return { error: INPUT_TEXTS.ethereumDown };
      if (error instanceof ParachainUnavailable) return { error: INPUT_TEXTS.parachainDown };
      console.error('devnet: oracle request failed:', error);
      return { error: INPUT_TEXTS.internal };
    }
  }

  /** Availability, in the original order: unused token, right holder, activated. */
  async #available(tokenId: bigint, holder: Address): Promise<void> {
    if (this.#deps.grants.byToken(tokenId)) refuse(ORACLE_TEXTS.alreadyReceived);
    const owner = await this.#deps.token.ownerOf(tokenId);
    if (owner !== holder) refuse(ORACLE_TEXTS.wrongOwner);
    if (!(await this.#deps.token.activatedOf(tokenId))) refuse(ORACLE_TEXTS.notActivated);
  }

  check(body: Record<string, unknown>): Promise<Answer> {
    return this.#answer(async () => {
      const tokenId = parseTokenId(body.nft);
      if (tokenId === null) refuse(INPUT_TEXTS.badNft);
      const holder = parseEthereumAddress(body.address);
      if (!holder) refuse(INPUT_TEXTS.badAddress);
      await this.#available(tokenId, holder);
    });
  }

  verify(body: Record<string, unknown>): Promise<Answer> {
    const run = this.#queue.then(() => this.#answer(() => this.#verify(body)));
    this.#queue = run;
    return run;
  }

  async #verify(body: Record<string, unknown>): Promise<void> {
    const tokenId = parseTokenId(body.nft);
    if (tokenId === null) refuse(INPUT_TEXTS.badNft);
    const holder = parseEthereumAddress(body.address);
    if (!holder) refuse(INPUT_TEXTS.badAddress);
    // 1. The same availability checks.
    await this.#available(tokenId, holder);
    // 2. The target must not have a running subscription.
    const target = parseParachainAddress(body.for);
    if (!target) refuse(INPUT_TEXTS.badFor);
    if (await this.#deps.parachain.hasActiveSubscription(target)) {
      refuse(ORACLE_TEXTS.subscriptionAlready);
    }
    // 3. EIP-191 signature of JSON.stringify({nft, address, for}) with the values as sent.
    const message = JSON.stringify({ nft: body.nft, address: body.address, for: body.for });
    if (!(await signedBy(message, body.signature, holder))) refuse(ORACLE_TEXTS.badSignature);
    // One free minimum per Ethereum address and per parachain address too. The original finds
    // out when its insert fails, after the grant; the devnet asks before granting.
    const { grants } = this.#deps;
    if (grants.byEthereum(holder) || grants.byParachain(target)) refuse(ORACLE_TEXTS.failed);
    // 4. The grant, then the row.
    let inclusion: Inclusion;
    try {
      inclusion = await this.#deps.parachain.setSubscription(target, FREE_MINIMUM_DAYS);
    } catch (error) {
      if (error instanceof GrantFailed) refuse(error.message);
      throw error;
    }
    try {
      grants.add({
        tokenId: tokenId.toString(),
        addressEthereum: holder,
        addressParachain: target,
        blockNumber: inclusion.blockNumber,
        txIndex: inclusion.txIndex,
        blockHash: inclusion.blockHash,
        grantedAt: (this.#deps.now?.() ?? new Date()).toISOString(),
      });
    } catch (error) {
      console.error('devnet: oracle could not store a grant:', error);
      refuse(ORACLE_TEXTS.failed);
    }
  }
}
