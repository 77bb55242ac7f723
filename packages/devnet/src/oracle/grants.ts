import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One free minimum given: the oracle's database row (facts/interop.md §8). */
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
 * The grants, kept in `<dataDir>/oracle/grants.json`. Token id, Ethereum address and parachain
 * address are each unique, as the three UNIQUE columns of the original SQLite table.
 */
export class GrantStore {
  readonly file: string;
  #grants: Grant[];

  constructor(file: string) {
    this.file = file;
    this.#grants = existsSync(file) ? GrantStore.#read(file) : [];
  }

  static #read(file: string): Grant[] {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is damaged (${(error as Error).message}); start with --reset`);
    }
    const grants = (raw as { grants?: unknown }).grants;
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
    return grants as Grant[];
  }

  get all(): readonly Grant[] {
    return this.#grants;
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

  /** Inserts a row; throws if a unique column repeats or the file cannot be written. */
  add(grant: Grant): void {
    if (
      this.byToken(BigInt(grant.tokenId)) ||
      this.byEthereum(grant.addressEthereum) ||
      this.byParachain(grant.addressParachain)
    ) {
      throw new Error('UNIQUE constraint failed');
    }
    const next = [...this.#grants, grant];
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ grants: next }, null, 2)}\n`);
    renameSync(tmp, this.file);
    this.#grants = next;
  }
}
