import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, getAddress, isAddress } from 'viem';
import { removeTempFiles, writeFileDurably } from '../store/durable-file.ts';

/** One season pass token as the contract holds it. */
export interface TokenRecord {
  id: number;
  owner: Address;
  /** The metadata CID of tokenURI (ipfs://<cid>). */
  cid: string;
  activated: boolean;
}

/** An account the devnet brings back after a restart (wallets cache their nonce). */
export interface AccountRecord {
  nonce: number;
  /** Wei, decimal. */
  balance: string;
}

/**
 * What `<dataDir>/evm/state.json` keeps. Hardhat Network keeps nothing on disk, so a restart
 * redeploys the contract at the same address and replays this: mints to the holders,
 * activations by the holders, the pause, then account nonces and balances.
 */
export interface EvmState {
  version: 1;
  contract: Address;
  paused: boolean;
  tokens: TokenRecord[];
  accounts: Record<Address, AccountRecord>;
}

function fail(file: string, reason: string): never {
  throw new Error(`${file} is damaged (${reason}); start the devnet with --reset`);
}

/** Reads and checks the state file; null when there is none. */
export function loadEvmState(file: string): EvmState | null {
  removeTempFiles(dirname(file));
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(file, (error as Error).message);
  }
  const state = raw as Partial<EvmState>;
  if (state.version !== 1) fail(file, 'unknown version');
  if (typeof state.contract !== 'string' || !isAddress(state.contract)) fail(file, 'contract');
  if (typeof state.paused !== 'boolean') fail(file, 'paused');
  if (!Array.isArray(state.tokens)) fail(file, 'tokens');
  const tokens = state.tokens.map((token: Partial<TokenRecord>, index) => {
    if (
      !Number.isSafeInteger(token.id) ||
      typeof token.owner !== 'string' ||
      !isAddress(token.owner, { strict: false }) ||
      typeof token.cid !== 'string' ||
      token.cid === '' ||
      typeof token.activated !== 'boolean'
    ) {
      fail(file, `token ${index}`);
    }
    return {
      id: token.id as number,
      owner: getAddress(token.owner),
      cid: token.cid,
      activated: token.activated,
    };
  });
  const accounts: Record<Address, AccountRecord> = {};
  for (const [address, record] of Object.entries(state.accounts ?? {})) {
    const value = record as Partial<AccountRecord>;
    if (
      !isAddress(address, { strict: false }) ||
      !Number.isSafeInteger(value.nonce) ||
      typeof value.balance !== 'string' ||
      !/^\d+$/.test(value.balance)
    ) {
      fail(file, `account ${address}`);
    }
    accounts[getAddress(address)] = { nonce: value.nonce as number, balance: value.balance };
  }
  return {
    version: 1,
    contract: getAddress(state.contract),
    paused: state.paused,
    tokens,
    accounts,
  };
}

/** Replaces the state file atomically; returns once the new content is on disk. */
export function saveEvmState(file: string, state: EvmState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileDurably(file, `${JSON.stringify(state, null, 2)}\n`);
}
