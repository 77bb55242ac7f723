import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import type { KeyringPair } from '@polkadot/keyring/types';
import { u8aToHex } from '@polkadot/util';
import { encodeAddress } from '@polkadot/util-crypto';
import {
  haDaysLeft,
  ledgerFromCodecJson,
  type SubscriptionLedger,
} from '../../common/runtime-rules.ts';

/**
 * The controller's view of the parachain, through @polkadot/api over WebSocket like any client:
 * subscription devices, twins, its own extrinsics (always `rws.call(owner, …)`, paid by the
 * subscription's free weight) and the events of every new block.
 */

export const SS58_PREFIX = 32;
/** ZERO_ACC: re-pointing a twin topic here deletes it (docs/home-assistant.md, Digital twin). */
export const ZERO_ACCOUNT = encodeAddress(new Uint8Array(32), SS58_PREFIX);
const TX_TIMEOUT_MS = 120_000;

/** A dispatch error of an included extrinsic, e.g. "rws.FreeWeightIsNotEnough". */
export class ExtrinsicError extends Error {
  override readonly name = 'ExtrinsicError';
  constructor(readonly error: string) {
    super(`The chain refused the transaction: ${error}`);
  }

  /** The subscription has not accrued enough free weight yet: try again later. */
  get isWeightShortage(): boolean {
    return this.error === 'rws.FreeWeightIsNotEnough';
  }
}

export interface ChainEvent {
  section: string;
  method: string;
  /** Arguments in their codec JSON; account ids as SS58-32 where the type says AccountId. */
  data: unknown[];
  /** Raw account ids and hashes as 0x-hex, in argument order. */
  hex: string[];
  blockNumber: number;
}

const ss58 = (bytes: Uint8Array) => encodeAddress(bytes, SS58_PREFIX);

/** A datalog item as the chain keeps it; moment 0 is an empty slot. */
export interface DatalogItem {
  moment: number;
  /** The record bytes as UTF-8 text (replacement characters where they are not). */
  text: string;
}

export class ChainLink {
  readonly api: ApiPromise;
  private readonly provider: WsProvider;
  /** Submissions of the controller's own transactions go one at a time (one nonce each). */
  private submitting: Promise<unknown> = Promise.resolve();

  constructor(
    url: string,
    private readonly signer: KeyringPair,
  ) {
    // Reconnects by itself; nothing here waits for the chain to be up.
    this.provider = new WsProvider(url, 2_000);
    this.api = new ApiPromise({ provider: this.provider, noInitWarn: true });
    this.api.on('error', () => {});
    // A link closed while the API still loads its metadata rejects this; ready() keeps waiting.
    this.api.isReadyOrError.catch(() => {});
  }

  get isConnected(): boolean {
    return this.api.isConnected;
  }

  async ready(): Promise<ApiPromise> {
    return this.api.isReady;
  }

  async disconnect(): Promise<void> {
    // Closing a socket still connecting makes ws emit an error nobody listens to any more.
    if (!this.provider.isConnected) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3_000);
        this.provider.on('connected', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await this.api.disconnect().catch(() => {});
  }

  /** The devices of a subscription, as SS58-32. */
  async devices(owner: string): Promise<string[]> {
    const api = await this.ready();
    const list = (await api.query.rws.devices(owner)) as unknown as { toU8a(): Uint8Array }[];
    return [...list].map((account) => ss58(account.toU8a()));
  }

  /** Owners whose subscription lists `device`. */
  async ownersOf(device: string): Promise<string[]> {
    const api = await this.ready();
    const entries = await api.query.rws.devices.entries();
    const owners: string[] = [];
    for (const [key, value] of entries) {
      const list = [...(value as unknown as { toU8a(): Uint8Array }[])].map((a) => ss58(a.toU8a()));
      if (list.includes(device)) owners.push(ss58(key.args[0]!.toU8a()));
    }
    return owners;
  }

  /** Whether `RWS.Ledger(owner)` holds a subscription (active or not). */
  async hasLedger(owner: string): Promise<boolean> {
    const api = await this.ready();
    return ((await api.query.rws.ledger(owner)) as unknown as { isSome: boolean }).isSome;
  }

  async ledger(owner: string): Promise<SubscriptionLedger | null> {
    const api = await this.ready();
    const value = (await api.query.rws.ledger(owner)) as unknown as {
      isSome: boolean;
      unwrap(): { toJSON(): unknown };
    };
    return value.isSome ? ledgerFromCodecJson(value.unwrap().toJSON()) : null;
  }

  /** The chain's clock (Timestamp.Now, ms). */
  async now(): Promise<number> {
    const api = await this.ready();
    return Number((await api.query.timestamp.now()).toString());
  }

  /**
   * Days left as HA's sensor shows them (docs/devnet.md): int((issue + days·day − now)/day) + 1,
   * 100000 for a Lifetime subscription, null without a ledger.
   */
  async subscriptionDaysLeft(owner: string): Promise<number | null> {
    const ledger = await this.ledger(owner);
    if (!ledger) return null;
    return haDaysLeft(ledger, await this.now());
  }

  /** The ring-buffer index of an account's datalog: items start..end-1 (end wraps at 128). */
  async datalogIndex(account: string): Promise<{ start: number; end: number }> {
    const api = await this.ready();
    const json = (await api.query.datalog.datalogIndex(account)).toJSON() as {
      start: number | string;
      end: number | string;
    };
    return { start: Number(json.start), end: Number(json.end) };
  }

  /** One datalog item of an account (moment 0 and empty text when the slot is empty). */
  async datalogItem(account: string, index: number): Promise<DatalogItem> {
    const api = await this.ready();
    const item = (await api.query.datalog.datalogItem([account, index])) as unknown as [
      { toString(): string },
      { toU8a(bare: boolean): Uint8Array },
    ];
    return {
      moment: Number(item[0].toString()),
      text: new TextDecoder().decode(item[1].toU8a(true)),
    };
  }

  /** Twin ids owned by an account, ascending. */
  async ownedTwins(owner: string): Promise<number[]> {
    const api = await this.ready();
    const entries = await api.query.digitalTwin.owner.entries();
    return entries
      .filter(([, value]) => {
        const account = value as unknown as {
          isSome?: boolean;
          unwrap?(): { toU8a(): Uint8Array };
          toU8a(): Uint8Array;
        };
        const bytes =
          account.isSome === undefined
            ? account.toU8a()
            : account.isSome
              ? account.unwrap!().toU8a()
              : null;
        return bytes !== null && ss58(bytes) === owner;
      })
      .map(([key]) => Number(key.args[0]!.toString()))
      .sort((a, b) => a - b);
  }

  /** A twin's topics: {topic 0x-hex: source SS58-32}. */
  async twinTopics(id: number): Promise<Map<string, string>> {
    const api = await this.ready();
    const value = (await api.query.digitalTwin.digitalTwin(id)) as unknown as {
      isSome: boolean;
      unwrap(): Map<{ toHex(): string }, { toU8a(): Uint8Array }>;
    };
    const topics = new Map<string, string>();
    if (!value.isSome) return topics;
    for (const [topic, source] of value.unwrap()) topics.set(topic.toHex(), ss58(source.toU8a()));
    return topics;
  }

  /**
   * `rws.call(owner, inner)` signed by the controller; resolves with the block's events of the
   * extrinsic once included. Throws ExtrinsicError when the chain refuses it.
   */
  async callThroughSubscription(
    owner: string,
    inner: (api: ApiPromise) => SubmittableExtrinsic<'promise'>,
  ): Promise<ChainEvent[]> {
    const api = await this.ready();
    const tx = api.tx.rws.call(owner, inner(api));
    const previous = this.submitting;
    let submitted!: () => void;
    this.submitting = new Promise<void>((resolve) => {
      submitted = resolve;
    });
    await previous;
    // The node's next index counts the pool; asked directly, since @polkadot/api replays a
    // recent answer to the same query, which would hand two transactions one nonce.
    let nonce: number;
    try {
      nonce = Number(await this.provider.send('system_accountNextIndex', [this.signer.address]));
    } catch (error) {
      submitted();
      throw error;
    }
    return new Promise<ChainEvent[]>((resolve, reject) => {
      let unsubscribe: (() => void) | undefined;
      const timer = setTimeout(() => {
        unsubscribe?.();
        reject(new Error('The transaction was not included in time.'));
      }, TX_TIMEOUT_MS);
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        unsubscribe?.();
        fn();
      };
      tx.signAndSend(this.signer, { nonce }, (result) => {
        if (result.status.isInvalid || result.status.isDropped || result.status.isUsurped) {
          finish(() =>
            reject(new Error(`The transaction was ${result.status.type.toLowerCase()}.`)),
          );
          return;
        }
        // polkadot-js drops the InBlock result when Finalized arrives while it is still reading
        // the block's events (a slow client), so either status counts as included.
        if (!result.status.isInBlock && !result.status.isFinalized) return;
        if (result.dispatchError) {
          let error: string = result.dispatchError.type;
          if (result.dispatchError.isModule) {
            const meta = api.registry.findMetaError(result.dispatchError.asModule);
            error = `${meta.section}.${meta.name}`;
          }
          finish(() => reject(new ExtrinsicError(error)));
          return;
        }
        finish(() => resolve(result.events.map(({ event }) => toChainEvent(event, 0))));
      })
        .then((unsub) => {
          unsubscribe = unsub;
        })
        .catch((error: unknown) => {
          clearTimeout(timer);
          reject(error);
        })
        // The next transaction may take its nonce once this one is in the pool.
        .finally(() => submitted());
    });
  }

  /**
   * Calls `onEvents` for every new block in order, with its events; blocks skipped between two
   * notifications are fetched, so no block is missed. Resolves once subscribed.
   */
  async subscribeBlockEvents(
    onEvents: (events: ChainEvent[], blockNumber: number) => Promise<void> | void,
  ): Promise<() => void> {
    const api = await this.ready();
    let last: number | undefined;
    let queue = Promise.resolve();
    const process = async (number: number) => {
      const from = last === undefined ? number : last + 1;
      for (let n = from; n <= number; n++) {
        const hash = await api.rpc.chain.getBlockHash(n);
        const at = await api.at(hash);
        const records = (await at.query.system.events()) as unknown as {
          event: Parameters<typeof toChainEvent>[0];
        }[];
        last = n;
        await onEvents(
          records.map(({ event }) => toChainEvent(event, n)),
          n,
        );
      }
    };
    const unsubscribe = await api.rpc.chain.subscribeNewHeads((header) => {
      const number = header.number.toNumber();
      if (last !== undefined && number <= last) return;
      queue = queue.then(() => process(number)).catch(() => {});
    });
    return unsubscribe;
  }
}

interface Codec {
  toJSON(): unknown;
  toU8a(): Uint8Array;
  toRawType(): string;
}

/** What this module reads of an event record's `event`. */
interface EventCodec {
  section: string;
  method: string;
  data: Iterable<Codec>;
}

function toChainEvent(event: EventCodec, blockNumber: number): ChainEvent {
  const items = [...event.data];
  return {
    section: event.section,
    method: event.method,
    data: items.map((item) =>
      item.toRawType() === 'AccountId32' || item.toRawType() === 'AccountId'
        ? ss58(item.toU8a())
        : item.toJSON(),
    ),
    hex: items.map((item) => u8aToHex(item.toU8a())),
    blockNumber,
  };
}
