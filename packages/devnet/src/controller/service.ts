import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaServices } from '@robonomics-dapp/robonomics/home-assistant/config';
import { toPythonJson } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import { CALL_PROTOCOL, UPDATE_PROTOCOL } from '@robonomics-dapp/robonomics/p2p/home-protocols';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../options.ts';
import type { ProxyHandle } from '../proxy/service.ts';
import { ChainLink } from './chain.ts';
import { chainEventsJob } from './chain-events.ts';
import { CrustOrders } from './crust-orders.ts';
import { type HaAuthServer, startHaAuthServer } from './ha-auth.ts';
import {
  buildConfig,
  lanGuess,
  readFixture,
  SAMPLE_DASHBOARD,
  SERVICE_CATALOGUE,
} from './ha-config.ts';
import { HaUsers, type UserEvent } from './ha-users.ts';
import { HomeStore } from './home.ts';
import { IpfsClient } from './ipfs-client.ts';
import {
  type CommandContext,
  chainLaunchJob,
  type LaunchOutcome,
  libp2pCommandJob,
} from './launches.ts';
import { LiveUpdates } from './live-updates.ts';
import { ProxyLink } from './proxy-link.ts';
import { type Published, Publisher } from './publisher.ts';
import { SubscriptionView } from './subscription.ts';

/** HA's default telemetry interval: 10 minutes (see docs/home-assistant.md, "Cadence"). */
export const DEFAULT_INTERVAL_MINUTES = 10;
/** A device list older than this is read again before refusing a sender. */
const DEVICE_REFRESH_MS = 5_000;

export type { LaunchOutcome };

export interface ControllerEvents {
  published: [Published];
  retry: [string];
  launch: [LaunchOutcome];
  update: [unknown];
  /** A Home Assistant user created or deleted. */
  user: [UserEvent];
  /** The addresses the controller announces changed. */
  addresses: [string[]];
}

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
  /** HA's LAN-address guess; found like HA does when not given (null: none). */
  lanAddress?: string | null;
  log?: (message: string) => void;
}

export interface ControllerHandle extends ServiceHandle {
  /** The controller account (SS58-32). */
  address: string;
  /** The proxy's peer id, as Home Assistant last heard it ('' before the proxy said hello). */
  readonly peerId: string;
  /** The address an app dials first: the relay circuit, else the direct one ('' before). */
  readonly multiaddr: string;
  /** The proxy's addresses as HA last heard them: relay circuit, direct with --controller-direct. */
  addresses(): string[];
  /** The proxy's direct address (only with --controller-direct). */
  readonly directAddress: string | undefined;
  /** Home Assistant's link to its proxy: whether it is up, and a lever to drop or restore it. */
  proxyLink: Pick<ProxyLink, 'connected' | 'setEnabled' | 'helloWithin'>;
  /** Home Assistant's HTTP API (login flow). */
  haUrl: string;
  home: HomeStore;
  users: HaUsers;
  events: EventEmitter<ControllerEvents>;
  /** Publishes config and states now (serialized with any publication under way). */
  publish(): void;
}

/**
 * The devnet's Home Assistant controller with its Robonomics integration, linked to the home's
 * libp2p proxy over its WebSocket as HA is: the ed25519 account of the seeded scenario owning a
 * sample home, reached through the proxy and the relay, publishing encrypted config and telemetry
 * through the owner's subscription, applying launch commands from the chain and from libp2p
 * `/call`, pushing live `/update`s, and managing the Home Assistant users of the devices (see
 * docs/home-assistant.md and docs/libp2p.md).
 */
export async function startControllerService(
  options: DevnetOptions,
  running: RunningServices,
  extras: ControllerExtras = {},
): Promise<ControllerHandle> {
  await cryptoWaitReady();
  const log = extras.log ?? ((message: string) => console.log(`controller: ${message}`));
  const dir = join(options.dataDir, 'controller');
  if (options.reset) rmSync(dir, { recursive: true, force: true });

  const key = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519');
  const signer = new Keyring({ ss58Format: 32 }).addFromUri(
    SEED_CONTROLLER_MNEMONIC,
    {},
    'ed25519',
  );
  const address = signer.address;
  const home = new HomeStore(dir);
  const catalogue = readFixture(SERVICE_CATALOGUE) as HaServices;
  const dashboard = readFixture(SAMPLE_DASHBOARD);
  const intervalMinutes = extras.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES;
  const events = new EventEmitter<ControllerEvents>();

  const chainHandle = running.get('chain');
  const ipfsHandle = running.get('ipfs') as (ServiceHandle & { apiUrl?: string }) | undefined;
  const chainUrl = chainHandle?.url ?? `ws://${options.host}:${options.ports.chain}`;
  const ipfsUrl =
    ipfsHandle?.apiUrl ?? ipfsHandle?.url ?? `http://${options.host}:${options.ports.ipfsApi}`;
  const chain = new ChainLink(chainUrl, signer);
  const ipfs = new IpfsClient(ipfsUrl, key);
  const subscription = new SubscriptionView(chain, address, extras.owner);
  const crustHandle = running.get('crust');
  const crust = crustHandle ? new CrustOrders(crustHandle.url, signer, log) : null;

  let lastRefresh = 0;
  /** Reads the device list again unless that happened moments ago. */
  const refreshDevices = async (force = false) => {
    if (!force && Date.now() - lastRefresh < DEVICE_REFRESH_MS && subscription.isLoaded) return;
    lastRefresh = Date.now();
    await subscription.refresh();
  };

  let publisher: Publisher | undefined;
  const live = new LiveUpdates(() => {
    if (!subscription.isLoaded) return undefined;
    const snapshot = home.snapshot({ history: false, twinId: publisher?.twinId ?? home.twinId });
    const sealed = encryptForDevices(toPythonJson(snapshot), key, subscription.recipients());
    return { data: sealed.envelope };
  });

  // ------------------------------------------------------------------ commands (launches.ts)

  const commandContext: CommandContext = {
    address,
    key,
    home,
    subscription,
    ipfs,
    report: (outcome) => events.emit('launch', outcome),
    log,
    refreshDevices: () => refreshDevices(),
    requestPublish: () => publisher?.request(),
    registerUser: (sender, password) => users.setPassword(sender, password),
  };
  const onCall = libp2pCommandJob(commandContext);

  // ------------------------------------------------------------------ the proxy (proxy-link.ts)

  const proxyUrl =
    extras.proxyUrl ??
    (options.proxy?.kind === 'external' ? options.proxy.url : undefined) ??
    (running.get('proxy') as ProxyHandle | undefined)?.wsUrl ??
    `ws://${options.host}:${options.ports.proxy}`;
  let proxyAddresses: string[] = [];
  // What HA heard from its proxy; its LAN guess names the proxy's peer id, so it is made once
  // the proxy said hello.
  let heard: { peerId: string } | undefined;
  const peerId = () => heard?.peerId ?? '';
  let lanAddress: string | null = extras.lanAddress ?? null;
  let guessed: Promise<void> | undefined;
  const guessLan = () => {
    if (extras.lanAddress !== undefined || guessed || !peerId()) return;
    guessed = lanGuess(peerId(), options.ports.controller).then((guess) => {
      lanAddress = guess;
    });
  };
  const link = new ProxyLink({
    url: proxyUrl,
    protocols: [CALL_PROTOCOL],
    reconnectMs: extras.proxyReconnectMs,
    onHello: (hello) => {
      heard = hello;
      const { addresses } = hello;
      const changed =
        addresses.length !== proxyAddresses.length ||
        addresses.some((a, i) => a !== proxyAddresses[i]);
      events.emit('addresses', addresses);
      guessLan();
      if (addresses.length === 0 || !changed) return;
      proxyAddresses = addresses;
      // A new address list is a new config: HA sends its telemetry again.
      publisher?.request();
    },
    onMessage: (_protocol, data) => {
      void onCall(data).catch((error: unknown) => log(`/call failed: ${(error as Error).message}`));
    },
    onFeedback: (feedback) => {
      if (feedback !== 'ok') log(`the proxy could not deliver a message: ${feedback}`);
    },
    log,
  });
  // The devnet's own proxy says hello at once; an external one may come later (HA retries).
  await link.helloWithin(options.proxy?.kind === 'external' ? 0 : 10_000);
  guessLan();
  await guessed;
  live.attach(
    (body) => link.send(UPDATE_PROTOCOL, body, { save: true }),
    (body) => events.emit('update', body),
  );

  publisher = new Publisher({
    chain,
    ipfs,
    home,
    subscription,
    controller: key,
    controllerAddress: address,
    dir,
    config: () =>
      buildConfig({
        catalogue,
        dashboard,
        entityIds: home.entityIds(),
        intervalMinutes,
        peerId: peerId(),
        proxyAddresses,
        lanAddress,
      }),
    retryDelayMs: extras.retryDelayMs ?? 30_000,
    log,
    onPublished: (result) => {
      log(
        `published config ${result.configCid} (twin ${result.twinId}), states ${result.statesCid}`,
      );
      events.emit('published', result);
    },
    onRetry: (reason) => events.emit('retry', reason),
    onFileAdded: (cid, size) => crust?.order(cid, size),
  });
  home.on('change', () => live.markDirty());

  // ------------------------------------------------------------------ Home Assistant users

  const users = new HaUsers({
    chain,
    ipfs,
    home,
    subscription,
    controller: key,
    controllerAddress: address,
    twin: (owner) => publisher!.twin(owner),
    log,
    onUser: (event) => events.emit('user', event),
  });
  let auth: HaAuthServer;
  try {
    auth = await startHaAuthServer({
      host: options.host,
      port: options.ports.homeAssistant,
      lookup: (username) => users.lookup(username),
      log,
    });
  } catch (error) {
    link.stop();
    throw new Error(`Home Assistant's HTTP port: ${(error as Error).message}`);
  }

  // ------------------------------------------------------------------ chain events (chain-events.ts)

  const chainEvents = chainEventsJob({
    address,
    chain,
    home,
    subscription,
    users,
    handleLaunch: chainLaunchJob(commandContext),
    refreshDevices,
    onDevicesChanged: () => {
      void users.sync();
      live.markDirty();
      publisher?.request();
    },
    log,
  });

  // ------------------------------------------------------------------ start-up in the background

  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  void (async () => {
    await chain.ready();
    if (stopped) return;
    unsubscribe = await chain.subscribeBlockEvents(chainEvents.onBlockEvents);
    try {
      await refreshDevices(true);
      await chainEvents.updateDaysSensor();
    } catch (error) {
      log((error as Error).message);
    }
    live.markDirty();
    publisher?.request();
    if (subscription.isLoaded) void users.sync();
  })().catch((error: unknown) => log(`start-up failed: ${(error as Error).message}`));

  const timer = setInterval(
    () => {
      void chainEvents.updateDaysSensor().catch(() => {});
      publisher?.request();
    },
    Math.max(1, intervalMinutes * 60_000),
  );
  timer.unref();

  const isCircuit = (a: string) => a.includes('/p2p-circuit');
  log(`${address} uses the proxy at ${proxyUrl} (peer ${peerId() || 'not heard yet'})`);
  return {
    name: 'controller',
    url: proxyUrl,
    address,
    get peerId() {
      return peerId();
    },
    get multiaddr() {
      return proxyAddresses.find(isCircuit) ?? proxyAddresses[0] ?? '';
    },
    addresses: () => proxyAddresses,
    get directAddress() {
      return proxyAddresses.find((a) => !isCircuit(a));
    },
    proxyLink: link,
    haUrl: auth.url,
    home,
    users,
    events,
    publish: () => publisher?.request(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      live.stop();
      unsubscribe?.();
      await publisher?.stop();
      link.stop();
      await auth.close();
      await users.settled();
      await chain.disconnect();
      await crust?.stop();
      await chainEvents.settled();
    },
  };
}
