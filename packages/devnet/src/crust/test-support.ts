import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChainServiceHandle } from '../chain/service.ts';
import { type DevnetOptions, defaultPorts } from '../options.ts';
import { startCrustService } from './service.ts';

// Shared by the Crust tests (not a test file itself).

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'devnet-crust-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Devnet options with the Crust chain on a free port (0) and instant seal. */
export function testOptions(
  dataDir: string,
  overrides: Partial<DevnetOptions> = {},
): DevnetOptions {
  return {
    dataDir,
    reset: false,
    blockTimeMs: 6_000,
    instant: true,
    host: '127.0.0.1',
    ...overrides,
    ports: { ...defaultPorts, chain: 0, crust: 0, ...overrides.ports },
  };
}

/** Starts the Crust service in this process, as `devnet` does. */
export function startTestCrust(
  dataDir: string,
  overrides: Partial<DevnetOptions> = {},
): Promise<ChainServiceHandle> {
  return startCrustService(testOptions(dataDir, overrides), new Map());
}

/** The bytes of a CID string as the apps put them in MerkleRoot (Vec<u8>), as hex. */
export function cidHex(cid: string): `0x${string}` {
  return `0x${Buffer.from(cid, 'utf8').toString('hex')}`;
}
