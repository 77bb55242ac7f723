import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Block } from './node.ts';

/** How many recent blocks (with their state) survive a restart. */
const PERSISTED_BLOCKS = 32;
const FORMAT = 1;

interface StoredChain {
  format: number;
  specVersion: number;
  /** Robonomics only: the RWS AuctionDuration the chain was started with. */
  auctionDuration?: number;
  genesisHash: string;
  finalizedHash: string;
  blocks: (Omit<Block, 'state' | 'timestamp'> & { state: [string, string][]; timestamp: string })[];
}

/** Writes a file so that a crash at any moment leaves either the old or the new content. */
export function writeAtomic(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

export class ChainStore {
  readonly file: string;

  /** `folder`: the chain's own folder in the data dir ('chain', 'crust'). */
  constructor(dataDir: string, folder = 'chain') {
    const dir = join(dataDir, folder);
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'chain.json');
  }

  reset(): void {
    rmSync(this.file, { force: true });
  }

  load(expected: { specVersion: number; auctionDuration?: number }) {
    if (!existsSync(this.file)) return null;
    let stored: StoredChain;
    try {
      stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredChain;
    } catch (error) {
      throw new Error(
        `the chain data in ${this.file} is unreadable (${(error as Error).message}); start with --reset`,
      );
    }
    if (stored.format !== FORMAT || stored.specVersion !== expected.specVersion) {
      throw new Error(`the chain data in ${this.file} is from another version; start with --reset`);
    }
    if (
      expected.auctionDuration !== undefined &&
      stored.auctionDuration !== expected.auctionDuration
    ) {
      throw new Error(
        `the chain in ${this.file} was started with --auction-duration ${stored.auctionDuration}; use the same value or --reset`,
      );
    }
    const blocks: Block[] = stored.blocks.map((b) => ({
      ...b,
      state: new Map(b.state),
      timestamp: BigInt(b.timestamp),
    }));
    return { genesisHash: stored.genesisHash, finalizedHash: stored.finalizedHash, blocks };
  }

  save(
    meta: {
      specVersion: number;
      auctionDuration?: number;
      genesisHash: string;
      finalizedHash: string;
    },
    blocks: Block[],
  ): void {
    const recent = blocks.slice(-PERSISTED_BLOCKS);
    const stored: StoredChain = {
      format: FORMAT,
      ...meta,
      blocks: recent.map((b) => ({
        ...b,
        state: [...b.state.entries()],
        timestamp: b.timestamp.toString(),
      })),
    };
    writeAtomic(this.file, JSON.stringify(stored));
  }
}
