import type { DevnetOptions, RunningServices, ServiceHandle } from './common/options.ts';
import { DEFAULT_APP_ORIGINS } from './http/origins.ts';
import { claimDataDir } from './runtime-engine/data-dir.ts';

export type ServiceStarter = (
  options: DevnetOptions,
  running: RunningServices,
) => Promise<ServiceHandle>;

/**
 * Every devnet service in start order. A service may depend on those before it
 * (the IPFS auth and the oracle read the chain). Each service's code, and the packages it
 * uses (libp2p, viem, IPFS, Chopsticks), is loaded when it starts: a devnet of the chain alone,
 * as most tests start, does not load the others (measured: about a second less per start).
 */
export const serviceStarters: Record<string, ServiceStarter> = {
  chain: (options) => {
    const engine = options.engine ?? 'typescript';
    claimDataDir(options.dataDir, engine, options.reset);
    return engine === 'runtime'
      ? import('./runtime-engine/service.ts').then((m) => m.startRuntimeChainService(options))
      : import('./chain/service.ts').then((m) => m.startChainService(options));
  },
  crust: async (options, running) =>
    (await import('./crust/service.ts')).startCrustService(options, running),
  ipfs: async (options, running) =>
    (await import('./ipfs/service.ts')).startIpfsService(options, running),
  releases: async (options) =>
    (await import('./releases/releases-server.ts')).startReleasesServer(
      options.host,
      options.ports.releases,
      undefined,
      options.allowedOrigins ?? DEFAULT_APP_ORIGINS,
    ),
  evm: async (options, running) =>
    (await import('./evm/service.ts')).startEvmService(options, running),
  oracle: async (options, running) =>
    (await import('./oracle/service.ts')).startOracleService(options, running),
  relay: async (options) => (await import('./p2p/relay-service.ts')).startRelayService(options),
  proxy: async (options, running) =>
    (await import('./p2p/proxy-service.ts')).startProxyService(options, running),
  controller: async (options, running) =>
    (await import('./controller/service.ts')).startControllerService(options, running),
  robot: async (options, running) =>
    (await import('./robot/service.ts')).startRobotService(options, running),
};

export const allServiceNames = Object.keys(serviceStarters);
