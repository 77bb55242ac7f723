import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Address } from 'viem';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';
import { SEASON_PASS_ADDRESS } from '../evm/season-pass-abi.ts';
import { SeasonPassReader } from './ethereum.ts';
import { GrantStore } from './grants.ts';
import { NftOracle } from './oracle.ts';
import { ParachainClient } from './parachain.ts';
import { startOracleServer } from './server.ts';

export interface OracleServiceHandle extends ServiceHandle {
  /** The free minimums given so far (<dataDir>/oracle/grants.json). */
  grants: GrantStore;
  /** Where it reads the season pass and submits the grants. */
  evmUrl: string;
  chainUrl: string;
}

/**
 * The free-minimum NFT oracle (docs/nft-oracle.md) on 127.0.0.1: reads the SeasonPass
 * contract from the EVM service, checks and grants RWS subscriptions on the chain service as
 * its RWS oracle account (//Alice), and keeps its grants (and grants under way) in
 * <dataDir>/oracle/grants.json.
 * The EVM and chain services of this process are used when running, else their default ports.
 */
export async function startOracleService(
  options: DevnetOptions,
  running: RunningServices,
): Promise<OracleServiceHandle> {
  const dir = join(options.dataDir, 'oracle');
  if (options.reset) rmSync(dir, { recursive: true, force: true });
  const grants = new GrantStore(join(dir, 'grants.json'));

  const evm = running.get('evm') as (ServiceHandle & { seasonPass?: Address }) | undefined;
  const evmUrl = evm?.url ?? `http://${options.host}:${options.ports.evm}`;
  const chainUrl = running.get('chain')?.url ?? `ws://${options.host}:${options.ports.chain}`;
  const parachain = new ParachainClient(chainUrl);
  const oracle = new NftOracle({
    grants,
    token: new SeasonPassReader(evmUrl, evm?.seasonPass ?? SEASON_PASS_ADDRESS),
    parachain,
  });
  // Grants a crash left under way are settled in the background; claims queue behind.
  if (grants.intents.length > 0) {
    oracle.reconcile().catch((error: unknown) => {
      console.error(
        `devnet: oracle could not settle the grants under way yet: ${(error as Error).message}`,
      );
    });
  }
  const server = await startOracleServer(oracle, {
    host: options.host,
    port: options.ports.oracle,
    origins: options.allowedOrigins,
  });
  return {
    name: 'oracle',
    url: server.url,
    grants,
    evmUrl,
    chainUrl,
    stop: async () => {
      await server.close();
      await parachain.close();
    },
  };
}
