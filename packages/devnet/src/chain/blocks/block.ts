import { stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import { blake2AsHex } from '@polkadot/util-crypto';
import type { Runtime } from '../runtime/runtime.ts';
import type { StateChanges, StateMap } from '../runtime/state.ts';

export interface HeaderJson {
  parentHash: string;
  number: string;
  stateRoot: string;
  extrinsicsRoot: string;
  digest: { logs: string[] };
}

export interface Block {
  number: number;
  hash: string;
  parentHash: string;
  header: HeaderJson;
  headerHex: string;
  extrinsics: string[];
  /** The storage this block changed against its parent (for genesis: all of it). */
  changes: StateChanges;
  /** The whole storage after this block (rebuilt from a checkpoint for old blocks). */
  readonly state: StateMap;
  timestamp: bigint;
}

/** A block without its whole state, which the archive keeps (block-archive.ts). */
export type BlockFields = Omit<Block, 'state'>;

/** Where the node writes each block and finality mark before it announces them. */
export interface BlockSink {
  /** Resolves once `block` is durably written; a rejection stops block production. */
  block(block: Block): Promise<void> | void;
  finalized(block: Block): Promise<void> | void;
}

/** Block production stopped because a block or finality mark could not be written. */
export class ChainHaltedError extends Error {
  override name = 'ChainHaltedError';
}

export interface Seal {
  number: number;
  parentHash: string;
  /** The whole storage after the block, and what the block changed. */
  state: StateMap;
  changes: StateChanges;
  extrinsics: string[];
  timestamp: bigint;
  /** The block applies a runtime upgrade (its header says RuntimeEnvironmentUpdated). */
  upgraded?: boolean;
}

/**
 * A block's header and hash: roots over its storage and extrinsics (the engine keeps no trie, so
 * they are blake2 digests, not trie roots), and a digest as an Aura collator writes it — the
 * slot of the timestamp (6-second slots) — plus RuntimeEnvironmentUpdated in an upgrade's block.
 */
export function sealBlock(runtime: Runtime, seal: Seal): BlockFields {
  const { number, parentHash, state, extrinsics, timestamp } = seal;
  const { registry } = runtime;
  const stateRoot = blake2AsHex(
    u8aConcat(...[...state.keys()].sort().map((k) => stringToU8a(`${k}=${state.get(k)}`))),
  );
  const extrinsicsRoot = blake2AsHex(u8aConcat(...extrinsics.map((e) => stringToU8a(e))));
  const slot = new Uint8Array(8);
  new DataView(slot.buffer).setBigUint64(0, timestamp / 6000n, true);
  const logs =
    number === 0
      ? []
      : [
          registry.createType('DigestItem', { PreRuntime: ['0x61757261', u8aToHex(slot)] }).toHex(),
          ...(seal.upgraded
            ? [registry.createType('DigestItem', 'RuntimeEnvironmentUpdated').toHex()]
            : []),
        ];
  const header = registry.createType('Header', {
    parentHash,
    number,
    stateRoot,
    extrinsicsRoot,
    digest: { logs },
  });
  return {
    number,
    hash: header.hash.toHex(),
    parentHash,
    header: {
      parentHash,
      number: `0x${number.toString(16)}`,
      stateRoot,
      extrinsicsRoot,
      digest: { logs },
    },
    headerHex: header.toHex(),
    extrinsics,
    changes: seal.changes,
    timestamp,
  };
}
