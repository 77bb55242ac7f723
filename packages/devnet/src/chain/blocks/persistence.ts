import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Journal, JournalDamagedError } from '../../store/journal.ts';
import type { StateChanges } from '../runtime/state.ts';
import type { Block } from './block.ts';

/** Version of the journal's record layout. */
const FORMAT = 2;
export const JOURNAL_FILE = 'chain.journal';
/** The file of the previous store (whole chain rewritten per block); refused with a hint. */
const LEGACY_FILE = 'chain.json';

/** What a chain was started with; a restart must find the same. */
export interface ChainIdentity {
  specVersion: number;
  /** Robonomics only: the RWS AuctionDuration the chain was started with. */
  auctionDuration?: number;
}

interface ChainRecord extends ChainIdentity {
  kind: 'chain';
  format: number;
  genesisHash: string;
}

/** One block as the journal keeps it: everything but the state, which is its changes. */
export interface BlockRecord
  extends Pick<Block, 'number' | 'hash' | 'parentHash' | 'header' | 'headerHex' | 'extrinsics'> {
  kind: 'block';
  /** Milliseconds, as a decimal string. */
  timestamp: string;
  /** Storage the block changed: [key, value] or [key, null] for a removal. */
  changes: [string, string | null][];
}

interface FinalizedRecord {
  kind: 'final';
  hash: string;
}

type JournalRecord = ChainRecord | BlockRecord | FinalizedRecord;

export interface StoredChain {
  genesisHash: string;
  finalizedHash: string;
  /** Every block, oldest first, genesis included. */
  blocks: BlockRecord[];
  /** Bytes of an interrupted last write that were cut off at load. */
  droppedBytes: number;
}

export function blockRecord(block: Block, changes: StateChanges): BlockRecord {
  return {
    kind: 'block',
    number: block.number,
    hash: block.hash,
    parentHash: block.parentHash,
    header: block.header,
    headerHex: block.headerHex,
    extrinsics: block.extrinsics,
    timestamp: block.timestamp.toString(),
    changes: [...changes],
  };
}

/**
 * The chain on disk: an append-only journal of blocks (header, extrinsics and the storage each
 * block changed) and finality marks, in `<dataDir>/<folder>/chain.journal`. A block is appended
 * and synced before anyone hears of it; a restart replays the journal, so every block survives
 * (see docs/devnet-durability.md).
 */
export class ChainStore {
  readonly dir: string;
  readonly file: string;
  #journal: Journal | null = null;

  /** `folder`: the chain's own folder in the data dir ('chain', 'crust'). */
  constructor(dataDir: string, folder = 'chain') {
    this.dir = join(dataDir, folder);
    mkdirSync(this.dir, { recursive: true });
    this.file = join(this.dir, JOURNAL_FILE);
  }

  /** Removes the stored chain (the journal must not be open). */
  reset(): void {
    rmSync(this.file, { force: true });
    rmSync(join(this.dir, LEGACY_FILE), { force: true });
  }

  /** The stored chain, or null when there is none yet. Keeps the journal open for appends. */
  load(expected: ChainIdentity): StoredChain | null {
    if (!existsSync(this.file)) {
      if (existsSync(join(this.dir, LEGACY_FILE))) {
        throw new Error(
          `the chain data in ${this.dir} was written by an older devnet that kept only recent blocks; start with --reset`,
        );
      }
      return null;
    }
    let opened: ReturnType<typeof Journal.open<JournalRecord>>;
    try {
      opened = Journal.open<JournalRecord>(this.file);
    } catch (error) {
      const why = error instanceof JournalDamagedError ? error.message : (error as Error).message;
      throw new Error(`the chain data is unreadable (${why}); start with --reset`);
    }
    const { journal, records, droppedBytes } = opened;
    try {
      const [head, ...rest] = records;
      if (head?.kind !== 'chain') {
        throw new Error(`the chain data in ${this.file} has no chain record; start with --reset`);
      }
      if (head.format !== FORMAT || head.specVersion !== expected.specVersion) {
        throw new Error(
          `the chain data in ${this.file} is from another version; start with --reset`,
        );
      }
      if (
        expected.auctionDuration !== undefined &&
        head.auctionDuration !== expected.auctionDuration
      ) {
        throw new Error(
          `the chain in ${this.file} was started with --auction-duration ${head.auctionDuration}; use the same value or --reset`,
        );
      }
      const blocks: BlockRecord[] = [];
      let finalizedHash = head.genesisHash;
      for (const record of rest) {
        if (record.kind === 'block') {
          const previous = blocks.at(-1);
          if (
            (previous &&
              (record.number !== previous.number + 1 || record.parentHash !== previous.hash)) ||
            (!previous && (record.number !== 0 || record.hash !== head.genesisHash))
          ) {
            throw new Error(
              `the chain data in ${this.file} is damaged (block #${record.number} does not follow); start with --reset`,
            );
          }
          blocks.push(record);
        } else if (record.kind === 'final') finalizedHash = record.hash;
      }
      if (blocks.length === 0) {
        throw new Error(`the chain data in ${this.file} has no genesis block; start with --reset`);
      }
      this.#journal = journal;
      return { genesisHash: head.genesisHash, finalizedHash, blocks, droppedBytes };
    } catch (error) {
      void journal.close();
      throw error;
    }
  }

  /** Starts a new journal with the chain's identity and its genesis block. */
  create(identity: ChainIdentity, genesis: BlockRecord): void {
    if (this.#journal) throw new Error(`the chain journal ${this.file} is already open`);
    const head: ChainRecord = {
      kind: 'chain',
      format: FORMAT,
      ...identity,
      genesisHash: genesis.hash,
    };
    this.#journal = Journal.create(this.file, [head, genesis]);
  }

  /** Appends a block; resolves once it is on disk, rejects if it could not be written. */
  appendBlock(record: BlockRecord): Promise<void> {
    return this.#open().append([record]);
  }

  /** Records that a block is final; resolves once it is on disk. */
  appendFinalized(hash: string): Promise<void> {
    return this.#open().append([{ kind: 'final', hash } satisfies FinalizedRecord]);
  }

  /** Bytes in the journal. */
  get size(): number {
    return this.#journal?.size ?? 0;
  }

  /** Closes the journal once the writes under way are done. */
  async close(): Promise<void> {
    const journal = this.#journal;
    this.#journal = null;
    await journal?.close();
  }

  #open(): Journal {
    if (!this.#journal) throw new Error(`the chain journal ${this.file} is not open`);
    return this.#journal;
  }
}
