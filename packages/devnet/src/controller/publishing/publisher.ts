import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptEnvelope, encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type ChainLink, ExtrinsicError } from '../chain/chain.ts';
import type { SubscriptionView } from '../chain/subscription.ts';
import { setTopicRemovingOld } from '../chain/twin-topics.ts';
import { toPythonJson } from '../ha-api/python-json.ts';
import type { HomeStore } from '../home/home.ts';
import type { IpfsClient } from './ipfs-client.ts';

/** The config without its twin id, which the publisher fills in. */
export type ConfigBase = Omit<HaConfig, 'twin_id'>;

export interface Published {
  configCid: string;
  statesCid: string;
  twinId: number;
}

export interface PublisherOptions {
  chain: ChainLink;
  ipfs: IpfsClient;
  home: HomeStore;
  subscription: SubscriptionView;
  controller: KeyPair;
  controllerAddress: string;
  /** Where published.json (last config, twin id) is kept. */
  dir: string;
  config(): ConfigBase;
  /** Wait after a refusal for lack of free weight, or any other failure (doubles up to 60 s). */
  retryDelayMs: number;
  log(message: string): void;
  onPublished(result: Published): void;
  onRetry(reason: string): void;
  /** A file was added to IPFS (the Crust order hooks in here). */
  onFileAdded?(cid: string, size: number): void;
}

interface LastConfig {
  plaintext: string;
  recipients: string[];
  cid: string;
}

interface PublishedFile {
  twinId?: number;
  config?: LastConfig;
}

const MAX_RETRY_MS = 60_000;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((item, i) => item === [...b].sort()[i]);

/**
 * Publishes the home as HA's ConfigSender and StatesSender do (docs/home-assistant.md): the config,
 * envelope-encrypted, added to IPFS and pointed to by the controller's twin topic; then the
 * states with history, envelope-encrypted, added to IPFS, its CID written as a datalog record.
 * Every write goes through `rws.call(owner, …)`. Runs one at a time; requests made meanwhile
 * fold into one more run with the newest home. A refusal for lack of free weight (or any other
 * failure) is retried after a delay; nothing here throws to the caller.
 */
export class Publisher {
  private pending = false;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly file: string;
  private saved: PublishedFile;
  private twinLookup: Promise<number> | undefined;

  constructor(private readonly options: PublisherOptions) {
    this.file = join(options.dir, 'published.json');
    this.saved = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as PublishedFile)
      : {};
  }

  /** The twin the config is published on, once known. */
  get twinId(): number | undefined {
    return this.saved.twinId;
  }

  /** Asks for a publication; the newest request supersedes those still waiting. */
  request(): void {
    if (this.stopped) return;
    this.pending = true;
    this.wake?.();
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
      // A request that came in while the loop was ending starts the next one.
      if (this.pending && !this.stopped) this.request();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        // Only stopping cuts a wait short: a new request must not skip the retry delay.
        if (this.stopped) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    this.wake = undefined;
  }

  private async loop(): Promise<void> {
    let delay = this.options.retryDelayMs;
    let lastError = '';
    while (this.pending && !this.stopped) {
      this.pending = false;
      try {
        const result = await this.publishOnce();
        delay = this.options.retryDelayMs;
        lastError = '';
        this.options.onPublished(result);
      } catch (error) {
        if (this.stopped) return;
        const weight = error instanceof ExtrinsicError && error.isWeightShortage;
        const message = weight
          ? 'the subscription has not enough free weight yet (RWS.FreeWeightIsNotEnough)'
          : (error as Error).message;
        if (message !== lastError) {
          this.options.log(`publishing failed, retrying: ${message}`);
          lastError = message;
        }
        this.options.onRetry(message);
        this.pending = true;
        await this.sleep(delay);
        // Free weight accrues steadily: keep its retry interval; back off on other failures.
        if (!weight) delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  private persist(): void {
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(this.saved));
    renameSync(temp, this.file);
  }

  /**
   * The twin HA publishes on, found as the integration's `get_or_create_twin_id` finds it
   * (docs/home-assistant.md, "Digital twin"). Runs one at a time.
   */
  twin(owner: string): Promise<number> {
    this.twinLookup ??= this.findTwin(owner).finally(() => {
      this.twinLookup = undefined;
    });
    return this.twinLookup;
  }

  private async findTwin(owner: string): Promise<number> {
    const { chain, controllerAddress } = this.options;
    // 1. The twin of the config it published last (HA's own files).
    if (this.saved.twinId !== undefined) {
      const owned = await chain.ownedTwins(controllerAddress);
      if (owned.includes(this.saved.twinId)) return this.saved.twinId;
    }
    // 2. Only when the controller's last datalog record names an IPFS file: the twin id that
    // telemetry gives, else the highest twin the controller owns. 3. Otherwise a new twin.
    const record = await this.lastRecordCid();
    let id: number | undefined;
    let how = '';
    if (record !== null) {
      const told = await this.twinIdIn(record, owner);
      if (told !== null) {
        id = told;
        how = `the twin id of its last record ${record}`;
      } else {
        id = (await chain.ownedTwins(controllerAddress)).at(-1);
        if (id !== undefined) how = `the last twin the controller owns (its record ${record})`;
      }
    }
    if (id === undefined) {
      const events = await chain.callThroughSubscription(owner, (api) =>
        api.tx.digitalTwin.create(),
      );
      const created = events.find(
        (e) => e.section === 'digitalTwin' && e.method === 'NewDigitalTwin',
      );
      if (!created) throw new Error('digitalTwin.create gave no NewDigitalTwin event.');
      id = Number(created.data[1]);
      this.options.log(`created digital twin ${id}`);
    } else {
      this.options.log(`uses digital twin ${id}: ${how}`);
    }
    this.saved.twinId = id;
    this.persist();
    return id;
  }

  /**
   * The CID the controller's last datalog record holds, as the integration's
   * `get_last_telemetry_hash` reads it: the item at `end - 1` of the ring (none when `end` is 0,
   * as its library reads it), taken only when it starts with "Qm".
   */
  private async lastRecordCid(): Promise<string | null> {
    const { chain, controllerAddress } = this.options;
    const { end } = await chain.datalogIndex(controllerAddress);
    if (end === 0) return null;
    const item = await chain.datalogItem(controllerAddress, end - 1);
    return item.moment !== 0 && item.text.startsWith('Qm') ? item.text : null;
  }

  /**
   * The `twin_id` of the telemetry a record names, opened as the controller (null when the file
   * cannot be read or opened, or says -1: HA then looks for a twin the controller owns).
   */
  private async twinIdIn(cid: string, owner: string): Promise<number | null> {
    const { ipfs, controller, controllerAddress } = this.options;
    try {
      const text = new TextDecoder().decode(await ipfs.cat(cid, owner, 1024 * 1024));
      const states = JSON.parse(
        decryptEnvelope(JSON.parse(text), controller, controllerAddress, controller.publicKey),
      ) as { twin_id?: unknown };
      const id = Number(states.twin_id);
      return Number.isInteger(id) && id !== -1 ? id : null;
    } catch (error) {
      this.options.log(`could not read the twin id of ${cid}: ${(error as Error).message}`);
      return null;
    }
  }

  private async publishConfig(
    owner: string,
    recipients: string[],
    twinId: number,
  ): Promise<string> {
    const { chain, ipfs, controller, controllerAddress } = this.options;
    const config: HaConfig = { ...this.options.config(), twin_id: twinId };
    // Key order of HA's _format_new_config.
    const ordered = {
      services: config.services,
      dashboard: config.dashboard,
      twin_id: config.twin_id,
      sending_timeout: config.sending_timeout,
      peer_id: config.peer_id,
      libp2p_multiaddress: config.libp2p_multiaddress,
    };
    const plaintext = toPythonJson(ordered);
    const last = this.saved.config;
    let cid: string;
    if (last && last.plaintext === plaintext && sameList(last.recipients, recipients)) {
      cid = last.cid;
    } else {
      const sealed = encryptForDevices(plaintext, controller, recipients);
      cid = await ipfs.add(sealed.json, owner, `config_encrypted-${Date.now() / 1000}`);
      this.options.onFileAdded?.(cid, Buffer.byteLength(sealed.json));
      this.saved.config = { plaintext, recipients, cid };
      this.persist();
    }
    await setTopicRemovingOld(chain, owner, twinId, cid, controllerAddress);
    return cid;
  }

  private async publishOnce(): Promise<Published> {
    const { subscription, home, ipfs, chain, controller } = this.options;
    const { owner } = await subscription.refresh();
    const recipients = subscription.recipients();
    const twinId = await this.twin(owner);
    const configCid = await this.publishConfig(owner, recipients, twinId);
    const states = toPythonJson(home.snapshot({ history: true, twinId }));
    const sealed = encryptForDevices(states, controller, recipients);
    const statesCid = await ipfs.add(sealed.json, owner, `data-${Date.now() / 1000}`);
    this.options.onFileAdded?.(statesCid, Buffer.byteLength(sealed.json));
    await chain.callThroughSubscription(owner, (api) => api.tx.datalog.record(statesCid));
    return { configCid, statesCid, twinId };
  }
}
