import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { asService, installLastGuard } from './common/last-guard.ts';
import type { RunningServices } from './common/options.ts';
import {
  type ChainEngine,
  chainEngines,
  type DevnetOptions,
  defaultPorts,
} from './common/options.ts';
import type { ControllerHandle } from './controller/service.ts';
import { DEFAULT_APP_ORIGINS, parseOrigins } from './http/origins.ts';
import { GATEWAYS_OPTION_HELP, parseGatewaysOption } from './ipfs/gateway/extra-gateways.ts';
import { ControlError } from './levers/control-error.ts';
import { parseProxyOption } from './p2p/proxy-option.ts';
import type { ProxyExtras, ProxyHandle } from './p2p/proxy-service.ts';
import type { RelayHandle } from './p2p/relay-service.ts';
import { allServiceNames, type ServiceStarter, serviceStarters } from './services.ts';

const usage = `Usage: devnet [options]

Starts the local Robonomics network on 127.0.0.1.

  --services a,b,c        services to start (default: all: ${allServiceNames.join(', ')})
  --engine NAME           the parachain's engine: typescript (default; the devnet's own pallet
                          rules, spec-43 metadata, fast) or runtime (the production Robonomics
                          runtime, spec 40, executed by Chopsticks)
  --data-dir DIR          where every service keeps its data (default: .devnet)
  --reset                 start from genesis, dropping the data dir's contents
  --block-time MS         chain block interval (default: 6000)
  --instant               seal a block as soon as a transaction arrives
  --auction-duration N    RWS AuctionDuration in blocks (default: the runtime's 10; typescript
                          engine only: the real runtime's constant is compiled in)
  --seed                  on a fresh chain, write the demo scenario (auctions, subscriptions,
                          a controller, datalog records, a twin) through the chain's RPC
  --crust-metadata V      what the Crust chain serves: v13 (default, as Crust mainnet) or v14
                          (the same chain described in V14, as an upgraded Crust would)
  --proxy KIND            the home's libp2p proxy: legacy (default; mplex and raw JSON, the
                          proxy Home Assistant homes run), current (yamux and length-prefixed
                          JSON), or external=ws://host:port (a proxy already running there,
                          which reserves on this devnet's relay; the home's Home Assistant
                          connects to it and retries every 5 s until it answers)
  --controller-direct     the home's proxy also listens on its own port (default: reachable
                          only through the relay, like a home behind NAT)
  --allowed-origins a,b   web page origins that may use the services (default:
                          ${DEFAULT_APP_ORIGINS.join(', ')}); tools that send no
                          Origin header are always served
  --chain-port, --crust-port, --ipfs-port, --gateway-port, --evm-port, --oracle-port,
  --releases-port, --relay-port, --controller-port, --proxy-port, --ha-port,
  --control-port          override a default port
  --gateways ${GATEWAYS_OPTION_HELP}
  --help                  print this text

While it runs, <data dir>/devnet.pid holds its process id; \`kill -USR2 <pid>\` restarts the
relay (the controller and connected apps reconnect). Tools and tests pull the devnet's levers
over HTTP on the control port (8899): GET / says what runs; POST /relay/restart, POST
/relay/push-update {"data":…} (the relay sends an /update of its own to the apps), POST /proxy
{"generation":"legacy"|"current"}, POST /proxy/hold-hello {"held":true|false}, POST
/proxy/new-identity, POST /home-assistant/proxy-link {"connected":false|true}, POST /controller
{"running":false|true}, GET /homes and POST /homes {"file","password"} (a new home from a
setup file; see docs/devnet.md). Home Assistant's page for it is
http://127.0.0.1:8123/config/integrations/dashboard/add?domain=robonomics.`;

function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--${name} must be a port number between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseOptions(argv: string[]): { options: DevnetOptions; services: string[] } {
  const { values } = parseArgs({
    args: argv,
    options: {
      services: { type: 'string' },
      engine: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'block-time': { type: 'string' },
      instant: { type: 'boolean', default: false },
      seed: { type: 'boolean', default: false },
      'auction-duration': { type: 'string' },
      'crust-metadata': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'chain-port': { type: 'string' },
      'crust-port': { type: 'string' },
      'ipfs-port': { type: 'string' },
      'gateway-port': { type: 'string' },
      'evm-port': { type: 'string' },
      'oracle-port': { type: 'string' },
      'releases-port': { type: 'string' },
      'controller-port': { type: 'string' },
      'proxy-port': { type: 'string' },
      'control-port': { type: 'string' },
      proxy: { type: 'string' },
      'relay-port': { type: 'string' },
      'ha-port': { type: 'string' },
      'controller-direct': { type: 'boolean', default: false },
      gateways: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const services = values.services
    ? values.services
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : allServiceNames;
  for (const name of services) {
    if (!serviceStarters[name]) {
      throw new Error(`unknown service "${name}"; known: ${allServiceNames.join(', ')}`);
    }
  }
  const blockTimeMs = Number(values['block-time'] ?? 6000);
  if (!Number.isInteger(blockTimeMs) || blockTimeMs < 1) {
    throw new Error('--block-time must be a positive whole number of milliseconds');
  }
  const engine = (values.engine ?? 'typescript') as ChainEngine;
  if (!chainEngines.includes(engine)) {
    throw new Error(`--engine must be one of ${chainEngines.join(', ')}, got "${values.engine}"`);
  }
  let auctionDuration: number | undefined;
  if (values['auction-duration'] !== undefined) {
    auctionDuration = Number(values['auction-duration']);
    if (!Number.isInteger(auctionDuration) || auctionDuration < 1) {
      throw new Error('--auction-duration must be a positive whole number of blocks');
    }
    if (engine === 'runtime') {
      throw new Error(
        "--auction-duration works only with --engine typescript: the real runtime's AuctionDuration (10 blocks) is compiled in",
      );
    }
  }
  const crustMetadata = values['crust-metadata'] ?? 'v13';
  if (crustMetadata !== 'v13' && crustMetadata !== 'v14') {
    throw new Error(`--crust-metadata must be v13 or v14, got "${crustMetadata}"`);
  }
  const options: DevnetOptions = {
    engine,
    dataDir: resolve(values['data-dir'] ?? '.devnet'),
    reset: values.reset ?? false,
    blockTimeMs,
    instant: values.instant ?? false,
    seed: values.seed ?? false,
    auctionDuration,
    controllerDirect: values['controller-direct'] ?? false,
    proxy: parseProxyOption(values.proxy),
    crustMetadata,
    allowedOrigins:
      values['allowed-origins'] === undefined
        ? DEFAULT_APP_ORIGINS
        : parseOrigins(values['allowed-origins']),
    host: '127.0.0.1',
    ports: {
      chain: parsePort('chain-port', values['chain-port'], defaultPorts.chain),
      crust: parsePort('crust-port', values['crust-port'], defaultPorts.crust),
      ipfsApi: parsePort('ipfs-port', values['ipfs-port'], defaultPorts.ipfsApi),
      ipfsGateway: parsePort('gateway-port', values['gateway-port'], defaultPorts.ipfsGateway),
      evm: parsePort('evm-port', values['evm-port'], defaultPorts.evm),
      oracle: parsePort('oracle-port', values['oracle-port'], defaultPorts.oracle),
      releases: parsePort('releases-port', values['releases-port'], defaultPorts.releases),
      controller: parsePort('controller-port', values['controller-port'], defaultPorts.controller),
      proxy: parsePort('proxy-port', values['proxy-port'], defaultPorts.proxy),
      control: parsePort('control-port', values['control-port'], defaultPorts.control),
      relay: parsePort('relay-port', values['relay-port'], defaultPorts.relay),
      homeAssistant: parsePort('ha-port', values['ha-port'], defaultPorts.homeAssistant),
    },
    gateways: values.gateways === undefined ? [] : parseGatewaysOption(values.gateways),
  };
  // Keep the declared start order whatever order the user typed; a proxy of the user's own
  // replaces the devnet's.
  return {
    options,
    services: allServiceNames.filter(
      (name) =>
        services.includes(name) && !(name === 'proxy' && options.proxy?.kind === 'external'),
    ),
  };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`devnet: ${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  const { options, services } = parsed;
  const running: RunningServices = new Map();
  let stopping = false;
  let control: { close(): Promise<void> } | undefined;
  /** The process id, for `kill -USR2` (see the README). */
  const pidFile = join(options.dataDir, 'devnet.pid');

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    guard.stopping();
    rmSync(pidFile, { force: true });
    await control?.close().catch(() => {});
    // In reverse start order: a service may depend on those started before it.
    for (const handle of [...services].reverse().flatMap((n) => running.get(n) ?? [])) {
      try {
        await handle.stop();
      } catch (error) {
        console.error(`devnet: ${handle.name} did not stop cleanly: ${(error as Error).message}`);
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  // The reader of the devnet's output went away (the terminal, or the tool that started it, was
  // ended): nobody watches this devnet any more, so at its next line it stops as on SIGTERM and
  // frees its ports, instead of running on, unseen, holding them (a next `npm start` could not
  // start) and handing each failed write to the last guard, whose own line fails the same way.
  const outputGone = () => void stopAll(0);
  process.stdout.on('error', outputGone);
  process.stderr.on('error', outputGone);
  // An error that escapes a service ends the devnet while it starts; once it serves, it is logged
  // with the service's name and the others go on (docs/devnet.md, "When one service fails").
  const guard = installLastGuard({
    onStartupFailure: (_error, service) => {
      console.error(`devnet: ${service ?? 'the devnet'} failed to start`);
      void stopAll(1);
    },
  });

  /**
   * Stops a running service and, unless `startWith` is null, starts it again in its place with
   * those options (its ports and data stay): the relay going away and back, the home's proxy
   * updated to another generation, the home switched off and on.
   */
  let busy = false;
  const replace = async (
    name: string,
    startWith: DevnetOptions | null,
    starter: ServiceStarter = serviceStarters[name]!,
  ): Promise<void> => {
    if (stopping) throw new ControlError(409, 'The devnet is stopping.');
    if (busy) throw new ControlError(409, 'Another restart is under way.');
    busy = true;
    try {
      const old = running.get(name);
      if (old) {
        console.log(`${name} ${startWith ? 'restarting' : 'stopping'}`);
        await old.stop();
        running.delete(name);
      }
      if (!startWith) {
        console.log(`${name} stopped`);
        return;
      }
      const handle = await asService(name, () => starter({ ...startWith, reset: false }, running));
      running.set(name, handle);
      console.log(`${name} ready ${handle.url}`);
      for (const note of handle.notes ?? []) console.log(`  ${note}`);
    } finally {
      busy = false;
    }
  };
  const needs = (name: string) => {
    if (!services.includes(name)) {
      throw new ControlError(409, `The ${name} service does not run in this devnet.`);
    }
  };

  // SIGUSR2 restarts the relay, as when the public relay goes away and comes back: the
  // controller and connected apps lose their relayed connections and reconnect.
  process.on('SIGUSR2', () => {
    if (!running.has('relay')) return;
    replace('relay', options).catch((error: unknown) => {
      console.error(`devnet: the relay did not restart: ${(error as Error).message}`);
    });
  });

  for (const name of services) {
    try {
      const handle = await asService(name, () => serviceStarters[name]!(options, running));
      running.set(name, handle);
      console.log(`${name} ready ${handle.url}`);
      for (const note of handle.notes ?? []) console.log(`  ${note}`);
    } catch (error) {
      console.error(`devnet: ${name} failed to start: ${(error as Error).message}`);
      await stopAll(1);
      return;
    }
  }
  if (running.has('chain')) {
    const { devAccounts, DEV_PHRASE } = await import('./chain/pallets/dev-accounts.ts');
    console.log(`\nDevelopment accounts (1,000,000 XRT each; phrase "${DEV_PHRASE}"):`);
    for (const account of devAccounts()) {
      console.log(`  ${account.suri.padEnd(9)} ${account.type.padEnd(8)} ${account.address}`);
    }
    console.log('  Alice (sr25519) is the sudo key and the RWS oracle.\n');
    if (options.seed) {
      const { SEED_CONTROLLER_MNEMONIC, SEED_SECOND_USER_MNEMONIC } = await import(
        './chain/seed.ts'
      );
      const { Keyring } = await import('@polkadot/keyring');
      const ed25519 = (phrase: string) =>
        new Keyring({ ss58Format: 32 }).addFromUri(phrase, {}, 'ed25519').address;
      console.log(
        `Demo scenario (written on a fresh chain): Alice owns an active subscription with devices`,
      );
      console.log(
        `Alice, Bob (ed25519) and a controller (ed25519, phrase "${SEED_CONTROLLER_MNEMONIC}");`,
      );
      console.log(
        `a second user, ${ed25519(SEED_SECOND_USER_MNEMONIC)} (ed25519, phrase "${SEED_SECOND_USER_MNEMONIC}"), is a device too.`,
      );
      console.log('Dave owns a Lifetime subscription; three auctions are open.');
      console.log(
        "//Former owner's 30-day subscription was transferred to //New owner (where the runtime can transfer one).\n",
      );
    }
  }
  // The levers of docs/devnet.md for tools and tests, when there is a home or a relay to pull.
  let proxyGeneration = options.proxy?.kind ?? 'legacy';
  // The seeded home's proxy keeps its hello from Home Assistant while held, across restarts.
  let helloHeld = false;
  const startProxy =
    (extras: ProxyExtras = {}): ServiceStarter =>
    async (o, r) =>
      (await import('./p2p/proxy-service.ts')).startProxyService(o, r, { helloHeld, ...extras });
  const ownProxy = () => {
    if (proxyGeneration === 'external') {
      throw new ControlError(409, 'The home uses an external proxy (--proxy external=).');
    }
    needs('proxy');
  };
  /** Home Assistant's port while the controller ran (it may have been a free one). */
  let haPort = 0;
  /**
   * The options a service restarts with: on the ports it had, so that its clients find it again
   * when it was started on a free port (0).
   */
  const samePorts = (base: DevnetOptions): DevnetOptions => {
    const proxy = running.get('proxy') as ProxyHandle | undefined;
    const ports = { ...base.ports };
    if (proxy && ports.proxy === 0) ports.proxy = Number(new URL(proxy.wsUrl).port);
    if (haPort && ports.homeAssistant === 0) ports.homeAssistant = haPort;
    return { ...base, ports };
  };
  const runningController = () => {
    const controller = running.get('controller') as ControllerHandle | undefined;
    if (!controller) throw new ControlError(409, 'The controller does not run now.');
    return controller;
  };
  const hasLevers = services.some((name) => ['relay', 'proxy', 'controller'].includes(name));
  try {
    const levers = !hasLevers
      ? undefined
      : await asService('levers', async () =>
          (await import('./levers/control-server.ts')).startControlServer(
            options.host,
            options.ports.control,
            {
              status: () => {
                const controller = running.get('controller') as ControllerHandle | undefined;
                return {
                  proxy: proxyGeneration,
                  helloHeld,
                  controllerRunning: controller !== undefined,
                  homeAssistantLinked: controller?.proxyLink.connected ?? null,
                  // What Home Assistant last heard from its proxy: the home's peer id and addresses.
                  home: controller
                    ? { peerId: controller.peerId, addresses: controller.addresses() }
                    : null,
                };
              },
              restartRelay: async () => {
                needs('relay');
                await replace('relay', options);
              },
              pushRelayUpdate: async (body) => {
                needs('relay');
                const result = await (running.get('relay') as RelayHandle).pushUpdate(body);
                console.log(
                  `relay: pushed an /update of its own to ${result.sent} app(s), ${result.answered} took it`,
                );
                return result;
              },
              restartProxy: async (generation) => {
                ownProxy();
                await replace(
                  'proxy',
                  samePorts({ ...options, proxy: { kind: generation } }),
                  startProxy(),
                );
                proxyGeneration = generation;
                // Homes adopted from now on run the same generation.
                (
                  running.get('controller') as ControllerHandle | undefined
                )?.useGenerationForNewHomes(generation);
              },
              holdHello: async (held) => {
                ownProxy();
                helloHeld = held;
                (running.get('proxy') as ProxyHandle | undefined)?.holdHello(held);
                console.log(
                  `proxy: the hello to Home Assistant is ${held ? 'held' : 'let through'}`,
                );
              },
              newProxyIdentity: async () => {
                ownProxy();
                // As a reinstalled proxy add-on: a new random peer key, kept from now on.
                await replace(
                  'proxy',
                  samePorts({
                    ...options,
                    proxy: { kind: proxyGeneration as 'legacy' | 'current' },
                  }),
                  startProxy({ newIdentity: true }),
                );
              },
              linkHomeAssistant: async (connected) => {
                runningController().proxyLink.setEnabled(connected);
              },
              homes: () => runningController().homes(),
              adoptHome: (input) => runningController().adopt(input),
              runController: async (on) => {
                needs('controller');
                if (on === running.has('controller')) return;
                const current = running.get('controller') as ControllerHandle | undefined;
                if (current) haPort = Number(new URL(current.haUrl).port);
                // Switched off as when the home loses power or its internet (no datalog records, no
                // /update, no peer-to-peer answer, Home Assistant's port closed); on again with its keys
                // and twin from the data dir, so it comes back as the same home. While its proxy
                // holds the hello, it does not wait for it: it publishes at once, without a peer.
                await replace('controller', on ? samePorts(options) : null, async (o, r) =>
                  (await import('./controller/service.ts')).startControllerService(
                    o,
                    r,
                    helloHeld ? { helloWaitMs: 0 } : {},
                  ),
                );
              },
            },
          ),
        );
    control = levers;
    if (levers) console.log(`control ready ${levers.url}`);
  } catch (error) {
    console.error(`devnet: the levers failed to start: ${(error as Error).message}`);
    await stopAll(1);
    return;
  }
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);
  guard.started();
  console.log(`devnet ready (${services.join(', ')}); data in ${options.dataDir}`);
}

await main();
