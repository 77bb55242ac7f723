import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChainEngine } from '../common/options.ts';

const MARKER = 'chain-engine';

/**
 * Records which chain engine a data dir belongs to. The other services keep state that refers to
 * the chain (the controller's twin, IPFS pins of its files), so a data dir made by one engine is
 * never silently continued by the other.
 */
export function claimDataDir(dataDir: string, engine: ChainEngine, reset: boolean): void {
  const file = join(dataDir, MARKER);
  if (!reset && existsSync(file)) {
    const owner = readFileSync(file, 'utf8').trim();
    if (owner && owner !== engine) {
      throw new Error(
        `the data in ${dataDir} was made by the ${owner} engine; start with --reset to begin a ${engine} chain there, or choose another --data-dir`,
      );
    }
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${engine}\n`);
}
