import { decodeAddress, encodeAddress } from '@polkadot/util-crypto';
import type { Address } from 'viem';
import { crashPoint } from '../common/fault.ts';
import { EthereumUnavailable, parseEthereumAddress, signedBy } from './ethereum.ts';
import type { Grant, GrantIntent, GrantStore } from './grants.ts';
import {
  type FoundGrant,
  GrantFailed,
  GrantRefused,
  type Inclusion,
  ParachainUnavailable,
  type PreparedGrant,
} from './parachain.ts';

/** The answers of docs/nft-oracle.md, word for word. */
export const ORACLE_TEXTS = {
  alreadyReceived: 'Free minimum for this token has already been received',
  wrongOwner: "Token owner's address is incorrect",
  notActivated: 'Token not activated',
  subscriptionAlready: 'Subscription already',
  badSignature: 'Bad signature',
  failed: 'Failed to free minimum',
} as const;

/**
 * The devnet's own answers where the original oracle (docs/nft-oracle.md) throws outside its
 * handler (a malformed address crashes the Express request) or reports a library error.
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

/** How many times a grant is signed when another transaction of the oracle took its nonce. */
const GRANT_ATTEMPTS = 4;

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
    bestNumber(): Promise<number>;
    prepareGrant(address: string, days: number): Promise<PreparedGrant>;
    submitGrant(prepared: PreparedGrant): Promise<Inclusion>;
    findGrant(prepared: PreparedGrant): Promise<FoundGrant | null>;
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
 * The NFT oracle's rules (docs/nft-oracle.md): /check runs the availability checks in order,
 * /verify adds the subscription check, the signature and the grant. Requests to /verify run
 * one at a time, so two claims cannot both pass the checks. A grant is written down as an
 * intent (with its signed transaction) before it is sent, and settled against the chain after
 * a crash, so a token is never granted twice (see docs/devnet-durability.md).
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

  /** Availability, in the order of docs/nft-oracle.md: unused token, right holder, activated. */
  async #available(tokenId: bigint, holder: Address): Promise<void> {
    const { grants } = this.#deps;
    // A grant under way counts as given until the chain says otherwise.
    if (grants.byToken(tokenId) || grants.intents.some((i) => i.tokenId === tokenId.toString())) {
      refuse(ORACLE_TEXTS.alreadyReceived);
    }
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

  /**
   * Settles the grants a crash interrupted (run at start): an intent whose transaction is on
   * chain becomes a grant (or is dropped if it failed there), one that can no longer be included
   * is dropped, and one that still can is sent again — the same signed bytes, which the chain
   * takes at most once.
   */
  reconcile(): Promise<void> {
    const run = this.#queue.then(() => this.#reconcile());
    this.#queue = run.catch(() => {});
    return run;
  }

  async #reconcile(): Promise<void> {
    const { grants, parachain } = this.#deps;
    for (const intent of [...grants.intents]) {
      const found = await parachain.findGrant(intent);
      if (found) {
        this.#settle(intent, found);
        continue;
      }
      if ((await parachain.bestNumber()) >= intent.death) {
        grants.dropIntent(intent.txHash);
        continue;
      }
      try {
        this.#settle(intent, { inclusion: await parachain.submitGrant(intent), success: true });
      } catch (error) {
        if (error instanceof GrantRefused) {
          // Refused by the pool: in a block meanwhile, still in the pool (1013: a later
          // reconcile settles it), or its nonce is spent and it can never be included.
          const again = await parachain.findGrant(intent);
          if (again) this.#settle(intent, again);
          else if (!/1013|already imported/i.test(error.message)) grants.dropIntent(intent.txHash);
        } else if (error instanceof GrantFailed) grants.dropIntent(intent.txHash);
        else throw error;
      }
    }
  }

  #settle(intent: GrantIntent, found: FoundGrant): void {
    if (!found.success) {
      this.#deps.grants.dropIntent(intent.txHash);
      return;
    }
    this.#deps.grants.add(this.#grantOf(intent, found.inclusion), intent.txHash);
  }

  #grantOf(
    intent: Pick<GrantIntent, 'tokenId' | 'addressEthereum' | 'addressParachain'>,
    inclusion: Inclusion,
  ): Grant {
    return {
      tokenId: intent.tokenId,
      addressEthereum: intent.addressEthereum,
      addressParachain: intent.addressParachain,
      blockNumber: inclusion.blockNumber,
      txIndex: inclusion.txIndex,
      blockHash: inclusion.blockHash,
      grantedAt: (this.#deps.now?.() ?? new Date()).toISOString(),
    };
  }

  /**
   * Signs the grant, writes its intent down, sends it and resolves once it is in a block. A
   * transaction refused by the pool or failed in its block can never be included: its intent
   * goes, and the claim is refused with why. The oracle's account signs other transactions too
   * (on the devnet //Alice also funds accounts and opens auctions): when one of them took the
   * grant's nonce, the pool refused the grant unsent, and it is signed again with the next one.
   */
  async #sendGrant(
    owner: Pick<GrantIntent, 'tokenId' | 'addressEthereum' | 'addressParachain'>,
  ): Promise<{ txHash: string; inclusion: Inclusion }> {
    const { grants, parachain } = this.#deps;
    for (let attempt = 1; ; attempt++) {
      const prepared = await parachain.prepareGrant(owner.addressParachain, FREE_MINIMUM_DAYS);
      try {
        grants.addIntent({ ...owner, ...prepared, createdAt: new Date().toISOString() });
      } catch (error) {
        console.error('devnet: oracle could not record a grant intent:', error);
        refuse(ORACLE_TEXTS.failed);
      }
      crashPoint('oracle:intent-recorded');
      try {
        return { txHash: prepared.txHash, inclusion: await parachain.submitGrant(prepared) };
      } catch (error) {
        // Unreachable or not yet in a block: the intent stays; the next verify settles it.
        if (!(error instanceof GrantFailed)) throw error;
        grants.dropIntent(prepared.txHash);
        if (!(error instanceof GrantRefused && error.nonceTaken) || attempt >= GRANT_ATTEMPTS) {
          refuse(error.message);
        }
        // A pause of random length, so that the other sender is not met again in step.
        await new Promise((resolve) => setTimeout(resolve, (50 + Math.random() * 100) * attempt));
      }
    }
  }

  async #verify(body: Record<string, unknown>): Promise<void> {
    const tokenId = parseTokenId(body.nft);
    if (tokenId === null) refuse(INPUT_TEXTS.badNft);
    const holder = parseEthereumAddress(body.address);
    if (!holder) refuse(INPUT_TEXTS.badAddress);
    const { grants, parachain } = this.#deps;
    // 0. Grants a crash left under way are settled against the chain first.
    if (grants.intents.length > 0) await this.#reconcile();
    // 1. The same availability checks.
    await this.#available(tokenId, holder);
    // 2. The target must not have a running subscription.
    const target = parseParachainAddress(body.for);
    if (!target) refuse(INPUT_TEXTS.badFor);
    if (await parachain.hasActiveSubscription(target)) {
      refuse(ORACLE_TEXTS.subscriptionAlready);
    }
    // 3. EIP-191 signature of JSON.stringify({nft, address, for}) with the values as sent.
    const message = JSON.stringify({ nft: body.nft, address: body.address, for: body.for });
    if (!(await signedBy(message, body.signature, holder))) refuse(ORACLE_TEXTS.badSignature);
    // One free minimum per Ethereum address and per parachain address too. The original oracle
    // finds out when its insert fails, after the grant; the devnet asks before granting.
    if (
      grants.byEthereum(holder) ||
      grants.byParachain(target) ||
      grants.intentFor(tokenId, holder, target)
    ) {
      refuse(ORACLE_TEXTS.failed);
    }
    // 4. The intent, on disk, then the grant, then the row.
    const owner = {
      tokenId: tokenId.toString(),
      addressEthereum: holder,
      addressParachain: target,
    };
    const { txHash, inclusion } = await this.#sendGrant(owner);
    crashPoint('oracle:grant-included');
    try {
      grants.add(this.#grantOf(owner, inclusion), txHash);
    } catch (error) {
      console.error('devnet: oracle could not store a grant:', error);
      refuse(ORACLE_TEXTS.failed);
    }
  }
}
