import { EventEmitter } from 'node:events';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromSeed } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaServices } from '@robonomics-dapp/robonomics/home-assistant/config';
import { CALL_PROTOCOL, UPDATE_PROTOCOL } from '@robonomics-dapp/robonomics/p2p/home-protocols';
import { ChainLink } from '../chain/chain.ts';
import { chainEventsJob } from '../chain/chain-events.ts';
import { SubscriptionView } from '../chain/subscription.ts';
import {
  buildConfig,
  lanGuessAt,
  lanIp,
  readFixture,
  SAMPLE_DASHBOARD,
  SERVICE_CATALOGUE,
} from '../ha-api/ha-config.ts';
import { HaUsers, type UserEvent } from '../ha-api/ha-users.ts';
import { LiveUpdates } from '../ha-api/live-updates.ts';
import { toPythonJson } from '../ha-api/python-json.ts';
import { CrustOrders } from '../publishing/crust-orders.ts';
import { IpfsClient } from '../publishing/ipfs-client.ts';
import { type Published, Publisher } from '../publishing/publisher.ts';
import { HomeStore } from './home.ts';
import {
  type CommandContext,
  chainLaunchJob,
  type LaunchOutcome,
  libp2pCommandJob,
} from './launches.ts';
import { ProxyLink } from './proxy-link.ts';

/** HA's default telemetry interval: 10 minutes (see docs/home-assistant.md, "Cadence"). */
export const DEFAULT_INTERVAL_MINUTES = 10;
/** A device list older than this is read again before refusing a sender. */
const DEVICE_REFRESH_MS = 5_000;
/** The telemetry timer's bounds: a setup file may ask for 0 minutes, or for centuries. */
const MIN_TIMER_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface HomeEvents {
  published: [Published];
  retry: [string];
  launch: [LaunchOutcome];
  update: [unknown];
  /** A Home Assistant user created or deleted. */
  user: [UserEvent];
  /** The addresses the controller announces changed. */
  addresses: [string[]];
}

export interface HomeParams {
  /** The controller's ed25519 seed (32 bytes), as the integration keeps it. */
  seed: Uint8Array;
  /** Subscription owner; found on the chain (the account listing the controller) when absent. */
  owner?: string;
  /** Where the home, its publisher state and its users are kept. */
  dir: string;
  /** The home's proxy's WebSocket. */
  proxyUrl: string;
  /** How long the start waits for the proxy's hello before going on without its peer. */
  helloWaitMs: number;
  /** Telemetry interval in minutes (HA's option; the config says timedelta.seconds of it). */
  intervalMinutes: number;
  chainUrl: string;
  ipfsUrl: string;
  /** The Crust chain, when the home orders storage for its files there. */
  crustUrl?: string;
  /** HA's LAN-address guess; found like HA does when undefined (null: none). */
  lanAddress?: string | null;
  /** The proxy port HA's LAN guess names. */
  lanPort: number;
  /** Wait before publishing again after a refusal (e.g. no free weight yet). */
  retryDelayMs?: number;
  /** How long the link waits before opening the proxy's WebSocket again (5 s, as HA's client). */
  proxyReconnectMs?: number;
  log(message: string): void;
}

export interface HomeHandle {
  /** The controller account (SS58-32). */
  address: string;
  /** The subscription owner, once known. */
  readonly owner: string | undefined;
  intervalMinutes: number;
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
  home: HomeStore;
  users: HaUsers;
  events: EventEmitter<HomeEvents>;
  /** The last publication since this start. */
  readonly lastPublished: Published | undefined;
  /** The home's link to the parachain. */
  chain: ChainLink;
  /** Publishes config and states now (serialized with any publication under way). */
  publish(): void;
  stop(): Promise<void>;
}

const isCircuit = (a: string) => a.includes('/p2p-circuit');

/**
 * One home of Home Assistant with its Robonomics integration, linked to the home's libp2p proxy
 * over its WebSocket as HA is: a controller account owning a sample home, publishing encrypted
 * config and telemetry through the owner's subscription, applying launch commands from the chain
 * and from libp2p `/call`, pushing live `/update`s, and managing the Home Assistant users of the
 * devices (see docs/home-assistant.md and docs/libp2p.md). The seeded home and every home adopted
 * from a setup file run this.
 */
export async function startHome(params: HomeParams): Promise<HomeHandle> {
  await cryptoWaitReady();
  const { log, dir, intervalMinutes } = params;
  const key = pairFromSeed(params.seed, 'ed25519');
  const signer = new Keyring({ ss58Format: 32 }).addFromSeed(params.seed, {}, 'ed25519');
  const address = signer.address;
  const home = new HomeStore(dir);
  const catalogue = readFixture(SERVICE_CATALOGUE) as HaServices;
  const dashboard = readFixture(SAMPLE_DASHBOARD);
  const events = new EventEmitter<HomeEvents>();

  const chain = new ChainLink(params.chainUrl, signer);
  const ipfs = new IpfsClient(params.ipfsUrl, key);
  const subscription = new SubscriptionView(chain, address, params.owner);
  const crust = params.crustUrl ? new CrustOrders(params.crustUrl, signer, log) : null;

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

  let proxyAddresses: string[] = [];
  // What HA heard from its proxy.
  let heard: { peerId: string } | undefined;
  const peerId = () => heard?.peerId ?? '';
  // HA's LAN guess names the proxy's peer id, so it follows the peer HA last heard.
  let ip: string | null = null;
  const lanAddress = () =>
    params.lanAddress !== undefined ? params.lanAddress : lanGuessAt(ip, peerId(), params.lanPort);
  /** The peer and addresses of the last config built for a publication. */
  let lastBuilt: { peerId: string; addresses: number } | undefined;
  const link = new ProxyLink({
    url: params.proxyUrl,
    protocols: [CALL_PROTOCOL],
    reconnectMs: params.proxyReconnectMs,
    onHello: (hello) => {
      const before = peerId();
      heard = hello;
      const { addresses } = hello;
      const changed =
        addresses.length !== proxyAddresses.length ||
        addresses.some((a, i) => a !== proxyAddresses[i]);
      events.emit('addresses', addresses);
      if (addresses.length === 0 || !changed) return;
      proxyAddresses = addresses;
      if (!publisher) return;
      // A new address list is a new config: HA sends its telemetry again. A config that went
      // out without a way to reach the home (issue 45) is the case worth a word.
      if (lastBuilt && (!lastBuilt.peerId || lastBuilt.addresses === 0)) {
        log('the proxy said hello after a publication without its peer: publishing again');
      } else if (before && before !== hello.peerId) {
        log(`the proxy's peer is now ${hello.peerId} (was ${before}): publishing again`);
      }
      publisher.request();
    },
    onMessage: (_protocol, data) => {
      void onCall(data).catch((error: unknown) => log(`/call failed: ${(error as Error).message}`));
    },
    onFeedback: (feedback) => {
      if (feedback !== 'ok') log(`the proxy could not deliver a message: ${feedback}`);
    },
    log,
  });
  // A proxy that runs says hello at once; one that comes later is heard later (HA retries).
  await link.helloWithin(params.helloWaitMs);
  if (params.lanAddress === undefined) ip = await lanIp();
  live.attach(
    (body) => link.send(UPDATE_PROTOCOL, body, { save: true }),
    (body) => events.emit('update', body),
  );

  let lastPublished: Published | undefined;
  publisher = new Publisher({
    chain,
    ipfs,
    home,
    subscription,
    controller: key,
    controllerAddress: address,
    dir,
    config: () => {
      const config = buildConfig({
        catalogue,
        dashboard,
        entityIds: home.entityIds(),
        intervalMinutes,
        peerId: peerId(),
        proxyAddresses,
        lanAddress: lanAddress(),
      });
      lastBuilt = { peerId: config.peer_id, addresses: proxyAddresses.length };
      return config;
    },
    retryDelayMs: params.retryDelayMs ?? 30_000,
    log,
    onPublished: (result) => {
      lastPublished = result;
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

  // ------------------------------------------------------------------ chain events (chain/chain-events.ts)

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
    Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, intervalMinutes * 60_000)),
  );
  timer.unref();

  log(`${address} uses the proxy at ${params.proxyUrl} (peer ${peerId() || 'not heard yet'})`);
  return {
    address,
    get owner() {
      return subscription.owner;
    },
    intervalMinutes,
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
    home,
    users,
    events,
    get lastPublished() {
      return lastPublished;
    },
    chain,
    publish: () => publisher?.request(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      live.stop();
      unsubscribe?.();
      await publisher?.stop();
      link.stop();
      await users.settled();
      await chain.disconnect();
      await crust?.stop();
      await chainEvents.settled();
    },
  };
}
