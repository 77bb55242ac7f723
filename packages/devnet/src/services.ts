import { startChainService } from './chain/service.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from './common/options.ts';
import { startControllerService } from './controller/service.ts';
import { startCrustService } from './crust/service.ts';
import { startEvmService } from './evm/service.ts';
import { DEFAULT_APP_ORIGINS } from './http/origins.ts';
import { startIpfsService } from './ipfs/service.ts';
import { startOracleService } from './oracle/service.ts';
import { startProxyService } from './p2p/proxy-service.ts';
import { startRelayService } from './p2p/relay-service.ts';
import { startReleasesServer } from './releases/releases-server.ts';
import { startRobotService } from './robot/service.ts';
import { claimDataDir } from './runtime-engine/data-dir.ts';
import { startRuntimeChainService } from './runtime-engine/service.ts';

export type ServiceStarter = (
  options: DevnetOptions,
  running: RunningServices,
) => Promise<ServiceHandle>;

/**
 * Every devnet service in start order. A service may depend on those before it
 * (the IPFS auth and the oracle read the chain).
 */
export const serviceStarters: Record<string, ServiceStarter> = {
  chain: (options) => {
    const engine = options.engine ?? 'typescript';
    claimDataDir(options.dataDir, engine, options.reset);
    return engine === 'runtime' ? startRuntimeChainService(options) : startChainService(options);
  },
  crust: startCrustService,
  ipfs: startIpfsService,
  releases: (options) =>
    startReleasesServer(
      options.host,
      options.ports.releases,
      undefined,
      options.allowedOrigins ?? DEFAULT_APP_ORIGINS,
    ),
  evm: startEvmService,
  oracle: startOracleService,
  relay: (options) => startRelayService(options),
  proxy: (options, running) => startProxyService(options, running),
  controller: (options, running) => startControllerService(options, running),
  robot: (options, running) => startRobotService(options, running),
};

export const allServiceNames = Object.keys(serviceStarters);
