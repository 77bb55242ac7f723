import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevnetOptions, defaultPorts, type ServicePorts } from './options.ts';

// Shared by the devnet's tests and benchmarks (not a test file itself).

/** A new, empty folder in the system's temporary folder. */
export function tempDir(prefix = 'devnet-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every service on a free port, so tests running side by side never meet. */
const FREE_PORTS = Object.fromEntries(
  Object.keys(defaultPorts).map((name) => [name, 0]),
) as unknown as ServicePorts;

/**
 * Options for devnet services started in the test's own process: every port free (0), a block
 * per transaction (instant seal), nothing seeded unless asked.
 */
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
    ports: { ...FREE_PORTS, ...overrides.ports },
  };
}
