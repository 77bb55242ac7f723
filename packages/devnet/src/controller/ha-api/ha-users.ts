import { canEncryptTo } from '@robonomics-dapp/robonomics/crypto/box';
import { encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import {
  decryptHaPassAsController,
  type HaPassRecord,
  isHaPassRecordFor,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { isPlainObject } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import type { ChainLink } from '../chain/chain.ts';
import type { SubscriptionView } from '../chain/subscription.ts';
import { removeTopicOf, setTopicRemovingOld } from '../chain/twin-topics.ts';
import type { HomeStore } from '../home/home.ts';
import type { IpfsClient } from '../publishing/ipfs-client.ts';
import { hashPassword, normalizeUsername } from './ha-auth.ts';
import { nowMicros, pyDateStr } from './ha-format.ts';
import { toPythonJson } from './python-json.ts';

/**
 * Home Assistant users for the devices of the subscription, as the integration manages them (see
 * docs/home-assistant.md, "Users"): a device saves its password as an "HA pass" datalog record
 * ({"subscription", "ha", "admin", "user"}); HA opens `admin` (boxed by the device to the
 * controller), creates the user, stores a copy {"password": …} encrypted for the device and the
 * controller on IPFS and points a twin topic at it with the device as source. Devices without a
 * user are looked up in their datalog at start and when the device list changes; devices that
 * left the subscription lose their user and their topic.
 */

export interface UserEvent {
  address: string;
  action: 'created' | 'removed';
  /** What made the change: a record seen live, the catch-up scan, or the device list. */
  source: 'record' | 'scan' | 'devices';
  /** The password copy's CID, for a created user. */
  cid?: string;
}

export interface HaUsersOptions {
  chain: ChainLink;
  ipfs: IpfsClient;
  home: HomeStore;
  subscription: SubscriptionView;
  controller: KeyPair;
  controllerAddress: string;
  /** The twin the controller publishes on (created if needed). */
  twin(owner: string): Promise<number>;
  log(message: string): void;
  onUser(event: UserEvent): void;
}

/** How many records before the latest one HA looks at (indexes end-2 … end-6). */
const SCAN_DEPTH = 5;

export class HaUsers {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: HaUsersOptions) {}

  /** The password hash of a username, for the login flow. */
  lookup(username: string): string | undefined {
    const wanted = normalizeUsername(username);
    return Object.values(this.options.home.users()).find((user) => user.username === wanted)
      ?.passwordHash;
  }

  /** Waits for the user changes started so far. */
  settled(): Promise<void> {
    return this.queue;
  }

  private run(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.options.log(`user management failed: ${(error as Error).message}`);
    });
    return this.queue;
  }

  /**
   * The devices HA manages users for: the subscription's devices whose key can receive a box,
   * without the controller and the owner.
   */
  private managed(): string[] {
    const { subscription, controllerAddress } = this.options;
    return subscription.devices.filter(
      (address) =>
        address !== controllerAddress && address !== subscription.owner && canEncryptTo(address),
    );
  }

  /** A datalog record from the chain (NewRecord): the live path. */
  onRecord(sender: string, record: string): void {
    const { subscription, controllerAddress, log } = this.options;
    // The controller's own records are its telemetry.
    if (sender === controllerAddress) return;
    if (sender === subscription.owner) {
      log(`datalog record of the owner ${sender} ignored: the owner gets no Home Assistant user`);
      return;
    }
    if (!this.managed().includes(sender)) {
      log(`datalog record of ${sender} ignored: not an ed25519 device of the subscription`);
      return;
    }
    void this.run(async () => {
      const password = this.passwordIn(sender, record, true);
      if (password !== undefined) await this.createUser(sender, password, 'record');
    });
  }

  /**
   * HA's check of a record: JSON with `admin`, this subscription and this controller; `admin`
   * opened with the device's key. Undefined (with a log line when `loud`) otherwise.
   */
  private passwordIn(sender: string, record: string, loud: boolean): string | undefined {
    const { subscription, controller, controllerAddress, log } = this.options;
    const say = (message: string) => loud && log(`HA pass record of ${sender} ignored: ${message}`);
    let message: unknown;
    try {
      message = JSON.parse(record);
    } catch {
      say('it is not JSON');
      return undefined;
    }
    if (!isPlainObject(message) || !('admin' in message)) {
      say('it has no "admin" field');
      return undefined;
    }
    // The rules the app's library states for both sides: owner and controller match as text.
    const candidate = message as unknown as HaPassRecord;
    const owner = subscription.owner;
    if (owner === undefined || !isHaPassRecordFor(candidate, owner, controllerAddress)) {
      say(
        candidate.subscription !== owner
          ? `it is for the subscription ${String(candidate.subscription)}`
          : `it is for the controller ${String(candidate.ha)}`,
      );
      return undefined;
    }
    try {
      if (typeof candidate.admin !== 'string') throw new Error('"admin" is not text');
      return decryptHaPassAsController(candidate, controller, sender);
    } catch (error) {
      say(`"admin" does not open with its key (${(error as Error).message})`);
      return undefined;
    }
  }

  /**
   * HA's `find_password`: the latest record, then indexes end-2 down to end-6 of the device's
   * datalog ring. Index 0 reads the latest record again (HA passes it as "no index") and a
   * negative index reads nothing, so older records and records past a wrap are not found.
   */
  private async findPassword(address: string): Promise<string | undefined> {
    const { chain } = this.options;
    const { end } = await chain.datalogIndex(address);
    const latest = end - 1;
    if (latest < 0) return undefined;
    const read = async (index: number) => (await chain.datalogItem(address, index)).text;
    const first = this.passwordIn(address, await read(latest), false);
    if (first !== undefined) return first;
    for (let i = 0; i < SCAN_DEPTH; i++) {
      const index = end - 2 - i;
      if (index < 0) continue;
      const item =
        index === 0
          ? { moment: 1, text: await read(latest) }
          : await chain.datalogItem(address, index);
      if (item.moment === 0) continue;
      const found = this.passwordIn(address, item.text, false);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /**
   * HA's `update_users`: devices without a user get one when their datalog holds an HA pass
   * record; users whose device left the subscription are deleted.
   */
  sync(): Promise<void> {
    return this.run(async () => {
      const devices = this.managed();
      const users = this.options.home.users();
      for (const address of devices) {
        if (Object.hasOwn(users, address)) continue;
        const password = await this.findPassword(address);
        if (password === undefined) {
          this.options.log(`no HA pass record found for ${address}`);
          continue;
        }
        await this.createUser(address, password, 'scan');
      }
      for (const address of Object.keys(users)) {
        if (!devices.includes(address)) await this.deleteUser(address, 'devices');
      }
    });
  }

  /** A registration launch or a launch file with a password: the same user creation. */
  setPassword(address: string, password: string): Promise<void> {
    return this.run(() => this.createUser(address, password, 'record'));
  }

  private async deleteUser(address: string, source: UserEvent['source']): Promise<void> {
    const { chain, home, subscription, log } = this.options;
    const removed = home.removeUser(address);
    const owner = subscription.owner;
    if (owner) await removeTopicOf(chain, owner, await this.options.twin(owner), address);
    if (removed) {
      log(`deleted the Home Assistant user of ${address}`);
      this.options.onUser({ address, action: 'removed', source });
    }
  }

  private async createUser(
    address: string,
    password: string,
    source: UserEvent['source'],
  ): Promise<void> {
    const { chain, ipfs, home, subscription, controller, log } = this.options;
    const owner = subscription.owner;
    if (!owner) throw new Error('The controller does not know its subscription owner yet.');
    await this.deleteUser(address, source);
    // No on-chain identity on this chain: the username is the address in lower case.
    const username = normalizeUsername(address);
    home.setUser(address, {
      username,
      passwordHash: hashPassword(password),
      created: pyDateStr(nowMicros()),
    });
    // The copy for the user: {"password": …} as json.dumps writes it, for [user, controller].
    const sealed = encryptForDevices(toPythonJson({ password }), controller, [address]);
    const cid = await ipfs.add(sealed.json, owner, address);
    await setTopicRemovingOld(chain, owner, await this.options.twin(owner), cid, address);
    log(`created the Home Assistant user ${username}; its password copy is ${cid}`);
    this.options.onUser({ address, action: 'created', source, cid });
  }
}
