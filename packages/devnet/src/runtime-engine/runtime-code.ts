import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HexString } from '@polkadot/util/types';

/**
 * The production Robonomics runtime the runtime engine executes: spec 40, as the public chain
 * spec of the Polkadot parachain carries it (see packages/devnet/data/README.md). The bytes are
 * Substrate's "compact compressed" form, a fixed 8-byte prefix then zstd, which the executor
 * takes as it is (see docs/real-runtime.md).
 */
export const RUNTIME_CODE_FILE = fileURLToPath(
  new URL('../../data/robonomics-runtime-40.compact.compressed.wasm', import.meta.url),
);

/** The prefix Substrate puts before a zstd-compressed runtime. */
export const COMPRESSED_CODE_PREFIX = '52bc537646db8e05';

export const RUNTIME_SPEC_VERSION = 40;

let cached: HexString | null = null;

/** The runtime code as the `:code` storage value (hex). */
export function runtimeCode(): HexString {
  if (!cached) {
    const bytes = readFileSync(RUNTIME_CODE_FILE);
    const prefix = bytes.subarray(0, 8).toString('hex');
    if (prefix !== COMPRESSED_CODE_PREFIX && prefix.slice(0, 8) !== '0061736d') {
      throw new Error(`${RUNTIME_CODE_FILE} is neither a WebAssembly module nor a compressed one`);
    }
    cached = `0x${bytes.toString('hex')}`;
  }
  return cached;
}
