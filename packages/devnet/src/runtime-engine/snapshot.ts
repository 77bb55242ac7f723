import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block } from '@acala-network/chopsticks-core';
import type { HexString } from '@polkadot/util/types';
import type { RawChainSpec } from './genesis.ts';

/** A block header as JSON-RPC returns it. */
export interface HeaderJson {
  parentHash: HexString;
  number: HexString;
  stateRoot: HexString;
  extrinsicsRoot: HexString;
  digest: { logs: HexString[] };
}

interface SnapshotBlock {
  hash: HexString;
  number: number;
  header: HeaderJson;
  extrinsics: HexString[];
}

/**
 * What a restart of the runtime engine continues from: the chain's identity, its genesis, the
 * head block with its whole state, and the head's parent (whose runtime decodes the head's
 * inherents when the next block is built).
 */
export interface ChainSnapshot {
  version: 1;
  specVersion: number;
  identity: Pick<RawChainSpec, 'id' | 'name' | 'properties'>;
  genesis: SnapshotBlock;
  parent: SnapshotBlock | null;
  head: SnapshotBlock;
  /** The head's storage, every key (the runtime code included). */
  storage: Record<string, string>;
}

const FILE = 'snapshot.json';

/** The runtime engine's folder in the data dir: one JSON file, replaced atomically. */
export class SnapshotStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'runtime-chain');
  }

  reset(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The saved chain, or null when there is none or it was made for another runtime. */
  load(specVersion: number): ChainSnapshot | null {
    const file = join(this.dir, FILE);
    if (!existsSync(file)) return null;
    let snapshot: ChainSnapshot;
    try {
      snapshot = JSON.parse(readFileSync(file, 'utf8')) as ChainSnapshot;
    } catch (error) {
      throw new Error(
        `${file} is unreadable (${(error as Error).message}); start with --reset to begin a new chain`,
      );
    }
    if (snapshot.version !== 1 || snapshot.specVersion !== specVersion) {
      throw new Error(
        `${file} holds a chain of another runtime version; start with --reset to begin a new chain`,
      );
    }
    return snapshot;
  }

  save(snapshot: ChainSnapshot): void {
    mkdirSync(this.dir, { recursive: true });
    const file = join(this.dir, FILE);
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot));
    renameSync(temporary, file);
  }
}

async function blockOf(block: Block): Promise<SnapshotBlock> {
  const header = await block.header;
  return {
    hash: block.hash,
    number: block.number,
    header: header.toJSON() as unknown as HeaderJson,
    extrinsics: await block.extrinsics,
  };
}

/** Reads every key of a block's state, page by page. */
async function fullStorage(block: Block): Promise<Record<string, string>> {
  const storage: Record<string, string> = {};
  let startKey = '0x';
  for (;;) {
    const keys = await block.getKeysPaged({ prefix: '0x', pageSize: 1000, startKey });
    const values = await Promise.all(keys.map((key) => block.get(key)));
    keys.forEach((key, i) => {
      const value = values[i];
      if (value !== undefined && value !== null) storage[key] = value;
    });
    if (keys.length < 1000) break;
    startKey = keys[keys.length - 1]!;
  }
  return storage;
}

/** Takes a snapshot of the chain at its head. */
export async function snapshotOf(
  head: Block,
  genesis: SnapshotBlock,
  identity: ChainSnapshot['identity'],
  specVersion: number,
): Promise<ChainSnapshot> {
  const parentBlock = await head.parentBlock;
  return {
    version: 1,
    specVersion,
    identity,
    genesis,
    parent: parentBlock ? await blockOf(parentBlock) : null,
    head: await blockOf(head),
    storage: await fullStorage(head),
  };
}

export { blockOf as snapshotBlock };

/**
 * A Chopsticks data provider that serves a saved head as the chain's starting block (as a
 * GenesisProvider serves a genesis): its header, extrinsics and state, its parent's header and
 * the genesis hash. Older blocks are not kept across a restart.
 */
export class SnapshotProvider {
  readonly #snapshot: ChainSnapshot;
  readonly #keys: string[];
  readonly #blocks: Map<string, SnapshotBlock>;

  constructor(snapshot: ChainSnapshot) {
    this.#snapshot = snapshot;
    this.#keys = Object.keys(snapshot.storage).sort();
    const blocks = [snapshot.genesis, snapshot.parent, snapshot.head].filter(
      (b): b is SnapshotBlock => b !== null,
    );
    this.#blocks = new Map(blocks.map((b) => [b.hash, b]));
  }

  get isClonable() {
    return true;
  }
  clone = () => new SnapshotProvider(this.#snapshot);
  get hasSubscriptions() {
    return false;
  }
  get isConnected() {
    return true;
  }
  get isReady() {
    return Promise.resolve();
  }
  connect = async () => {};
  disconnect = async () => {};
  on = () => () => {};
  subscribe = async () => {
    throw new Error('subscriptions are not supported');
  };
  unsubscribe = async () => false;

  #value(key: string, hash?: string): string | null {
    if (hash && !this.#blocks.has(hash)) return null;
    return this.#snapshot.storage[key] ?? null;
  }

  #keysPaged(prefix: string, size: number, start?: string): string[] {
    // A start key longer than the prefix continues after it; otherwise the page starts at the prefix.
    const after = start && start.length > prefix.length ? start : null;
    const result: string[] = [];
    for (const key of this.#keys) {
      if (result.length >= size) break;
      if (key.startsWith(prefix) && (after === null || key > after)) result.push(key);
    }
    return result;
  }

  send = async (method: string, params: unknown[]): Promise<unknown> => {
    const snapshot = this.#snapshot;
    switch (method) {
      case 'system_properties':
        return snapshot.identity.properties;
      case 'system_chain':
        return snapshot.identity.id;
      case 'system_name':
        return snapshot.identity.name;
      case 'chain_getFinalizedHead':
        return snapshot.head.hash;
      case 'chain_getBlockHash': {
        const number = params[0];
        if (number === undefined || number === null) return snapshot.head.hash;
        for (const block of this.#blocks.values()) if (block.number === number) return block.hash;
        return null;
      }
      case 'chain_getHeader': {
        const hash = (params[0] as string | undefined) ?? snapshot.head.hash;
        return this.#blocks.get(hash)?.header ?? null;
      }
      case 'chain_getBlock': {
        const hash = (params[0] as string | undefined) ?? snapshot.head.hash;
        const block = this.#blocks.get(hash);
        return block ? { block: { header: block.header, extrinsics: block.extrinsics } } : null;
      }
      case 'state_getStorage':
      case 'state_getStorageAt':
        return this.#value(params[0] as string, params[1] as string | undefined);
      case 'state_getKeysPaged':
      case 'state_getKeysPagedAt':
        return this.#keysPaged(
          params[0] as string,
          Number(params[1]),
          params[2] as string | undefined,
        );
      case 'state_queryStorageAt': {
        const keys = params[0] as string[];
        const hash = (params[1] as string | undefined) ?? snapshot.head.hash;
        return [{ block: hash, changes: keys.map((k) => [k, this.#value(k, hash)]) }];
      }
      default:
        throw new Error(`${method} is not available for blocks before the devnet restarted`);
    }
  };
}
