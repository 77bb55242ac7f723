import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeTempFiles, writeFileDurably } from '../store/durable-file.ts';

/** One free minimum given: the oracle's database row (docs/nft-oracle.md). */
export interface Grant {
  /** Decimal token id. */
  tokenId: string;
  /** Checksummed Ethereum address of the holder. */
  addressEthereum: string;
  /** The parachain account (SS58, prefix 32) that got the subscription. */
  addressParachain: string;
  blockNumber: number;
  txIndex: number;
  blockHash: string;
  /** ISO time of the grant. */
  grantedAt: string;
}

/**
 * A grant the oracle decided to make and signed, written down before the transaction is sent:
 * after a crash, the chain says whether it happened (see docs/devnet-durability.md).
 */
export interface GrantIntent {
  tokenId: string;
  addressEthereum: string;
  addressParachain: string;
  /** The signed rws.setSubscription extrinsic and its hash. */
  txHex: string;
  txHash: string;
  /** Its mortal era: it can go into blocks birth … death-1, and never after. */
  birth: number;
  death: number;
  /** ISO time the intent was recorded. */
  createdAt: string;
}

interface GrantFile {
  grants: Grant[];
  intents?: GrantIntent[];
}

/**
 * The grants and the grants under way, kept in `<dataDir>/oracle/grants.json` and replaced durably
 * on every change. Token id, Ethereum address and parachain address are each unique, as the three
 * UNIQUE columns of the original oracle's SQLite table (docs/nft-oracle.md), across grants and
 * intents.
 */
export class GrantStore {
  readonly file: string;
  #grants: Grant[];
  #intents: GrantIntent[];

  constructor(file: string) {
    this.file = file;
    removeTempFiles(dirname(file));
    const stored = existsSync(file) ? GrantStore.#read(file) : { grants: [], intents: [] };
    this.#grants = stored.grants;
    this.#intents = stored.intents ?? [];
  }

  static #read(file: string): GrantFile {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is damaged (${(error as Error).message}); start with --reset`);
    }
    const { grants, intents = [] } = raw as { grants?: unknown; intents?: unknown };
    if (!Array.isArray(grants)) throw new Error(`${file} is damaged (no grants list)`);
    for (const [index, grant] of grants.entries()) {
      const g = grant as Partial<Grant>;
      if (
        typeof g.tokenId !== 'string' ||
        typeof g.addressEthereum !== 'string' ||
        typeof g.addressParachain !== 'string' ||
        !Number.isSafeInteger(g.blockNumber) ||
        !Number.isSafeInteger(g.txIndex)
      ) {
        throw new Error(`${file} is damaged (grant ${index})`);
      }
    }
    if (!Array.isArray(intents)) throw new Error(`${file} is damaged (intents)`);
    for (const [index, intent] of intents.entries()) {
      const i = intent as Partial<GrantIntent>;
      if (
        typeof i.tokenId !== 'string' ||
        typeof i.addressParachain !== 'string' ||
        typeof i.txHex !== 'string' ||
        typeof i.txHash !== 'string' ||
        !Number.isSafeInteger(i.birth) ||
        !Number.isSafeInteger(i.death)
      ) {
        throw new Error(`${file} is damaged (intent ${index})`);
      }
    }
    return { grants: grants as Grant[], intents: intents as GrantIntent[] };
  }

  get all(): readonly Grant[] {
    return this.#grants;
  }

  get intents(): readonly GrantIntent[] {
    return this.#intents;
  }

  byToken(tokenId: bigint): Grant | undefined {
    const key = tokenId.toString();
    return this.#grants.find((g) => g.tokenId === key);
  }

  byEthereum(address: string): Grant | undefined {
    return this.#grants.find((g) => g.addressEthereum === address);
  }

  byParachain(address: string): Grant | undefined {
    return this.#grants.find((g) => g.addressParachain === address);
  }

  /** An intent that uses the token or either address, if one is under way. */
  intentFor(tokenId: bigint, ethereum: string, parachain: string): GrantIntent | undefined {
    const key = tokenId.toString();
    return this.#intents.find(
      (i) =>
        i.tokenId === key || i.addressEthereum === ethereum || i.addressParachain === parachain,
    );
  }

  /** Records an intent; returns once it is on disk. */
  addIntent(intent: GrantIntent): void {
    if (
      this.byToken(BigInt(intent.tokenId)) ||
      this.byEthereum(intent.addressEthereum) ||
      this.byParachain(intent.addressParachain) ||
      this.intentFor(BigInt(intent.tokenId), intent.addressEthereum, intent.addressParachain)
    ) {
      throw new Error('UNIQUE constraint failed');
    }
    this.#save(this.#grants, [...this.#intents, intent]);
  }

  /** Forgets an intent whose transaction will never be in a block. */
  dropIntent(txHash: string): void {
    this.#save(
      this.#grants,
      this.#intents.filter((i) => i.txHash !== txHash),
    );
  }

  /**
   * Inserts a row (and ends the intent it came from, `txHash`); throws if a unique column
   * repeats or the file cannot be written.
   */
  add(grant: Grant, txHash?: string): void {
    if (
      this.byToken(BigInt(grant.tokenId)) ||
      this.byEthereum(grant.addressEthereum) ||
      this.byParachain(grant.addressParachain)
    ) {
      throw new Error('UNIQUE constraint failed');
    }
    this.#save(
      [...this.#grants, grant],
      this.#intents.filter((i) => i.txHash !== txHash),
    );
  }

  #save(grants: Grant[], intents: GrantIntent[]): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const file: GrantFile = { grants, intents };
    writeFileDurably(this.file, `${JSON.stringify(file, null, 2)}\n`);
    this.#grants = grants;
    this.#intents = intents;
  }
}
