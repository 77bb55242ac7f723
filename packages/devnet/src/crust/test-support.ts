import type { ChainServiceHandle } from '../chain/service.ts';
import type { DevnetOptions } from '../common/options.ts';
import { testOptions } from '../common/test-support.ts';
import { startCrustService } from './service.ts';

// Shared by the Crust tests (not a test file itself).

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
