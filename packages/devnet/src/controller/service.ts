import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';
import { DEFAULT_APP_ORIGINS } from '../http/origins.ts';
import { homeRelayAddress, type ProxyHandle, startHomeProxy } from '../p2p/proxy-service.ts';
import { type HaAuthServer, startHaAuthServer } from './ha-api/ha-auth.ts';
import type { LaunchOutcome } from './home/launches.ts';
import {
  DEFAULT_INTERVAL_MINUTES,
  type HomeHandle,
  type HomeParams,
  startHome,
} from './home/start-home.ts';
import type { Published } from './publishing/publisher.ts';
import { AdoptedHomes } from './setup/adopted-homes.ts';
import { devnetReaders, runSetupSteps, type SetupInput } from './setup/integration-flow.ts';
import { type AdoptOutcome, createSetupPage, SETUP_URL } from './setup/setup-page.ts';

export type { LaunchOutcome };

export interface ControllerExtras {
  /** Subscription owner; found on the chain (the account listing the controller) by default. */
  owner?: string;
  /** Telemetry interval in minutes (HA's option; the config says timedelta.seconds of it). */
  intervalMinutes?: number;
  /** Wait before publishing again after a refusal (e.g. no free weight yet). */
  retryDelayMs?: number;
  /** The proxy's WebSocket; the devnet's proxy service (or the --proxy external one) by default. */
  proxyUrl?: string;
  /** How long the link waits before opening the proxy's WebSocket again (5 s, as HA's client). */
  proxyReconnectMs?: number;
  /** How long the seeded home waits at start for its proxy's hello (10 s; 0 for an external one). */
  helloWaitMs?: number;
  /** HA's LAN-address guess; found like HA does when not given (null: none). */
  lanAddress?: string | null;
  /** The seeded home's lines; adopted homes' lines go here too, prefixed `home <address>: `. */
  log?: (message: string) => void;
}

/** A home as the levers list it (GET /homes). */
export interface HomeSummary {
  controller: string;
  owner: string | null;
  /** The devnet's own home (seeded), or one adopted from a setup file. */
  seeded: boolean;
  peerId: string;
  addresses: string[];
  intervalMinutes: number;
  /** The last publication since this start: its config and states CIDs. */
  published: Published | null;
}

export interface ControllerHandle extends ServiceHandle, HomeHandle {
  /** Home Assistant's HTTP port (login flow, the integration's setup page). */
  haUrl: string;
  /** The integration's setup page. */
  setupUrl: string;
  /** Runs the integration's steps on a setup file or its manual fields (see setup/setup-page.ts). */
  adopt(input: SetupInput): Promise<AdoptOutcome>;
  /** Every home Home Assistant runs, the seeded one first. */
  homes(): HomeSummary[];
  /** The adopted homes now running. */
  adopted(): HomeHandle[];
  /**
   * The proxy generation of homes adopted from now on (the devnet's proxy lever switched it);
   * homes already running keep theirs.
   */
  useGenerationForNewHomes(generation: 'legacy' | 'current'): void;
}

/** An adopted home: Home Assistant's side and its own proxy. */
interface AdoptedHome {
  home: HomeHandle;
  proxy: ProxyHandle;
}

/** How adopted homes' lines start: `home 4Fx…: `. */
const prefixOf = (controller: string) => `home ${controller.slice(0, 8)}…: `;

const fromHex = (seed: string) => Uint8Array.from(Buffer.from(seed.slice(2), 'hex'));

/**
 * The devnet's Home Assistant with its Robonomics integration: the seeded home (the controller of
 * the seeded scenario, linked to the devnet's proxy service), every home adopted from a setup file
 * (each with its own controller, owner, data folder and libp2p proxy), and HA's HTTP port, where
 * users of every home log in and the integration's setup page adopts new homes (see
 * docs/home-assistant.md).
 */
export async function startControllerService(
  options: DevnetOptions,
  running: RunningServices,
  extras: ControllerExtras = {},
): Promise<ControllerHandle> {
  const baseLog = extras.log ?? ((message: string) => console.log(`controller: ${message}`));
  const homeLog = (controller: string) => {
    const prefix = prefixOf(controller);
    return extras.log
      ? (message: string) => extras.log!(`${prefix}${message}`)
      : (message: string) => console.log(`${prefix}${message}`);
  };
  const seededDir = join(options.dataDir, 'controller');
  const homesDir = join(options.dataDir, 'homes');
  if (options.reset) {
    rmSync(seededDir, { recursive: true, force: true });
    rmSync(homesDir, { recursive: true, force: true });
  }
  const record = new AdoptedHomes(homesDir);

  const chainHandle = running.get('chain');
  const ipfsHandle = running.get('ipfs') as (ServiceHandle & { apiUrl?: string }) | undefined;
  const shared = {
    chainUrl: chainHandle?.url ?? `ws://${options.host}:${options.ports.chain}`,
    ipfsUrl:
      ipfsHandle?.apiUrl ?? ipfsHandle?.url ?? `http://${options.host}:${options.ports.ipfsApi}`,
    crustUrl: running.get('crust')?.url,
    lanAddress: extras.lanAddress,
    lanPort: options.ports.controller,
    retryDelayMs: extras.retryDelayMs,
    proxyReconnectMs: extras.proxyReconnectMs,
  } satisfies Partial<HomeParams>;

  // ------------------------------------------------------------------ the seeded home

  const external = options.proxy?.kind === 'external';
  const proxyUrl =
    extras.proxyUrl ??
    (options.proxy?.kind === 'external' ? options.proxy.url : undefined) ??
    (running.get('proxy') as ProxyHandle | undefined)?.wsUrl ??
    `ws://${options.host}:${options.ports.proxy}`;
  const seeded = await startHome({
    ...shared,
    seed: pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519').secretKey.slice(0, 32),
    owner: extras.owner,
    dir: seededDir,
    proxyUrl,
    // The devnet's own proxy says hello at once; an external one may come later (HA retries).
    helloWaitMs: extras.helloWaitMs ?? (external ? 0 : 10_000),
    intervalMinutes: extras.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES,
    log: baseLog,
  });

  // ------------------------------------------------------------------ adopted homes

  const adopted = new Map<string, AdoptedHome>();
  let newHomesGeneration: 'legacy' | 'current' =
    options.proxy?.kind === 'current' ? 'current' : 'legacy';
  /** Controllers that run a home or are being set up: the integration runs once per controller. */
  const claimed = new Set<string>([seeded.address]);
  /** Adoptions under way, by controller: a second import of one waits for it. */
  const settingUp = new Map<string, Promise<AdoptOutcome>>();
  const underWay = new Set<Promise<unknown>>();
  let stopped = false;

  /** Starts an adopted home: its proxy (a fresh random identity the first time), then HA's side. */
  const startAdopted = async (rec: {
    controller: string;
    seed: string;
    owner: string;
    intervalMinutes: number;
  }): Promise<AdoptedHome> => {
    const dir = record.folderOf(rec.controller);
    const log = homeLog(rec.controller);
    const proxy = await startHomeProxy({
      dir: join(dir, 'proxy'),
      host: options.host,
      wsPort: 0,
      // The external proxy belongs to the seeded home; adopted homes run the devnet's.
      generation: newHomesGeneration,
      relay: homeRelayAddress(options, running),
      firstKey: 'random',
      log: (message) => log(`proxy: ${message}`),
    });
    try {
      const home = await startHome({
        ...shared,
        seed: fromHex(rec.seed),
        owner: rec.owner,
        dir,
        proxyUrl: proxy.wsUrl,
        helloWaitMs: 10_000,
        intervalMinutes: rec.intervalMinutes,
        log,
      });
      return { home, proxy };
    } catch (error) {
      await proxy.stop();
      throw error;
    }
  };

  const stopAdopted = async ({ home, proxy }: AdoptedHome) => {
    await home.stop();
    await proxy.stop();
  };

  const stopAll = async () => {
    await Promise.allSettled([...adopted.values()].map(stopAdopted));
    adopted.clear();
    await seeded.stop();
  };

  const results = await Promise.allSettled(
    record.list().map(async (rec) => {
      claimed.add(rec.controller);
      adopted.set(rec.controller, await startAdopted(rec));
    }),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      baseLog(`an adopted home did not start: ${(result.reason as Error).message}`);
    }
  }

  const summaryOf = (home: HomeHandle, isSeeded: boolean): HomeSummary => ({
    controller: home.address,
    owner: home.owner ?? null,
    seeded: isSeeded,
    peerId: home.peerId,
    addresses: [...home.addresses()],
    intervalMinutes: home.intervalMinutes,
    published: home.lastPublished ?? null,
  });

  /** The home Home Assistant runs for a controller, as the pages name it. */
  const runningHome = (controller: string) => {
    const home = controller === seeded.address ? seeded : adopted.get(controller)?.home;
    if (!home) return null;
    return {
      home: {
        controller,
        owner: home.owner ?? '',
        peerId: home.peerId,
        addresses: [...home.addresses()],
      },
      since: record.list().find((r) => r.controller === controller)?.added ?? null,
    };
  };

  /**
   * A controller that runs a home here (or is being set up): the same file again says so as
   * information; for another owner, the integration's abort.
   */
  const alreadyHere = async (controller: string, owner: string): Promise<AdoptOutcome> => {
    await settingUp.get(controller)?.catch(() => {});
    const running = runningHome(controller);
    if (running && running.home.owner === owner) return { kind: 'running', ...running };
    return {
      kind: 'already_configured',
      controller,
      reason: running
        ? `The controller ${controller} already runs a home in this Home Assistant, for the owner ${running.home.owner || 'not known yet'}.`
        : `The controller ${controller} is being set up in this Home Assistant.`,
    };
  };

  const adoptNow = async (input: SetupInput): Promise<AdoptOutcome> => {
    if (stopped) throw new Error('Home Assistant is stopping.');
    const step = await runSetupSteps(input, devnetReaders(seeded.chain));
    if (step.kind !== 'valid') return step;
    const { controller, owner, settings } = step;
    // Checked and claimed in one go: of two imports of one controller, one sets it up.
    if (claimed.has(controller)) return alreadyHere(controller, owner);
    claimed.add(controller);
    const work = setUp(controller, owner, step.seed, settings);
    settingUp.set(controller, work);
    try {
      return await work;
    } finally {
      settingUp.delete(controller);
    }
  };

  const setUp = async (
    controller: string,
    owner: string,
    seed: string,
    settings: { network?: string; intervalMinutes?: number },
  ): Promise<AdoptOutcome> => {
    const dir = record.folderOf(controller);
    let started: AdoptedHome | undefined;
    try {
      // A folder without a record is what a crash left halfway through an adoption.
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      const rec = {
        controller,
        seed,
        owner,
        network: settings.network ?? 'polkadot',
        intervalMinutes: settings.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES,
        added: new Date().toISOString(),
      };
      started = await startAdopted(rec);
      // On disk before the page says so: the home comes back on the next start.
      record.add(rec);
    } catch (error) {
      if (started) await stopAdopted(started).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
      claimed.delete(controller);
      throw error;
    }
    // Recorded, so it is adopted; a stop under way waits for this and stops it with the others.
    adopted.set(controller, started);
    baseLog(`adopted the home of ${controller} (owner ${owner}, peer ${started.proxy.peerId})`);
    return {
      kind: 'created',
      home: {
        controller,
        owner,
        peerId: started.home.peerId || started.proxy.peerId,
        addresses: started.home.addresses().length
          ? started.home.addresses()
          : started.proxy.addresses(),
      },
    };
  };

  const adopt = (input: SetupInput): Promise<AdoptOutcome> => {
    const work = adoptNow(input);
    underWay.add(work);
    void work.catch(() => {}).finally(() => underWay.delete(work));
    return work;
  };

  // ------------------------------------------------------------------ Home Assistant's HTTP port

  const appOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  let auth: HaAuthServer;
  try {
    auth = await startHaAuthServer({
      host: options.host,
      port: options.ports.homeAssistant,
      // Users of every home log in on the one port.
      lookup: (username) =>
        [seeded, ...[...adopted.values()].map((a) => a.home)].flatMap(
          (home) => home.users.lookup(username) ?? [],
        ),
      allowedOrigins: appOrigins,
      pages: createSetupPage({ adopt, appOrigins, log: baseLog }),
      log: baseLog,
    });
  } catch (error) {
    await stopAll();
    throw new Error(`Home Assistant's HTTP port: ${(error as Error).message}`);
  }

  const setupUrl = `${auth.url}${SETUP_URL}`;
  const notes = [`Robonomics setup page ${setupUrl}`];
  for (const { home } of adopted.values()) {
    notes.push(`adopted home ${home.address} (peer ${home.peerId || 'not heard yet'})`);
  }
  return {
    name: 'controller',
    url: proxyUrl,
    notes,
    address: seeded.address,
    get owner() {
      return seeded.owner;
    },
    intervalMinutes: seeded.intervalMinutes,
    get peerId() {
      return seeded.peerId;
    },
    get multiaddr() {
      return seeded.multiaddr;
    },
    addresses: () => seeded.addresses(),
    get directAddress() {
      return seeded.directAddress;
    },
    proxyLink: seeded.proxyLink,
    home: seeded.home,
    users: seeded.users,
    events: seeded.events,
    get lastPublished() {
      return seeded.lastPublished;
    },
    chain: seeded.chain,
    publish: () => seeded.publish(),
    haUrl: auth.url,
    setupUrl,
    adopt,
    homes: () => [
      summaryOf(seeded, true),
      ...[...adopted.values()].map(({ home }) => summaryOf(home, false)),
    ],
    adopted: () => [...adopted.values()].map(({ home }) => home),
    useGenerationForNewHomes: (generation) => {
      newHomesGeneration = generation;
    },
    stop: async () => {
      stopped = true;
      await Promise.allSettled([...underWay]);
      await auth.close();
      await stopAll();
    },
  };
}
