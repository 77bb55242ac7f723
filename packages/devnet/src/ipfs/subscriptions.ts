import { ApiPromise, WsProvider } from '@polkadot/api';
import type { Codec } from '@polkadot/types/types';
import { encodeAddress } from '@polkadot/util-crypto';
import type { ChainNode } from '../chain/node/node.ts';
import { ledgerFromCodecJson } from '../common/runtime-rules.ts';
import {
  ChainUnavailableError,
  type SubscriptionReader,
  type SubscriptionState,
} from './web3-auth-verify.ts';

/** The chain's SS58 format, in which the gateway compares device addresses. */
const SS58_FORMAT = 32;

function addresses(devices: Codec): string[] {
  return [...(devices as unknown as Iterable<Codec>)].map((id) =>
    encodeAddress(id.toU8a(), SS58_FORMAT),
  );
}

/**
 * "Now" for the activity check: the wall clock, as the gateway uses, but never earlier than the
 * chain's latest block, so a devnet that time-travelled forward expires subscriptions as well.
 */
function activityNow(chainNow: number): number {
  return Math.max(Date.now(), chainNow);
}

/** Reads RWS storage from the chain running in this process (its best block). */
export class InProcessSubscriptions implements SubscriptionReader {
  constructor(readonly node: ChainNode) {}

  async read(owner: Uint8Array): Promise<SubscriptionState> {
    const ctx = this.node.readContext();
    const ledger = ctx.read('rws', 'ledger', owner);
    const devices = ctx.read('rws', 'devices', owner);
    return {
      ledger: ledger ? ledgerFromCodecJson(ledger.toJSON()) : null,
      devices: devices ? addresses(devices) : [],
      now: activityNow(Number(ctx.now)),
    };
  }

  async close(): Promise<void> {}
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChainUnavailableError(`${what} timed out`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type StorageQuery = (...args: unknown[]) => Promise<Codec>;

/**
 * Reads RWS storage over the chain's WebSocket JSON-RPC when the chain runs in another process.
 * Connects on first use and again after a failure, so the IPFS service may start first.
 */
export class RemoteSubscriptions implements SubscriptionReader {
  #api: Promise<ApiPromise> | null = null;

  constructor(
    readonly url: string,
    readonly timeoutMs = 5_000,
  ) {}

  #connect(): Promise<ApiPromise> {
    if (!this.#api) {
      const provider = new WsProvider(this.url, 1_000);
      const created = ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true });
      this.#api = withTimeout(created, this.timeoutMs, `connecting to ${this.url}`).catch(
        async (error: Error) => {
          this.#api = null;
          await provider.disconnect().catch(() => {});
          throw new ChainUnavailableError(`${this.url}: ${error.message}`);
        },
      );
    }
    return this.#api;
  }

  async read(owner: Uint8Array): Promise<SubscriptionState> {
    const api = await this.#connect();
    const query = api.query as unknown as Record<string, Record<string, StorageQuery>>;
    const [ledger, devices, now] = await withTimeout(
      Promise.all([
        query.rws!.ledger!(owner) as Promise<Codec & { isSome: boolean; unwrap(): Codec }>,
        query.rws!.devices!(owner),
        query.timestamp!.now!(),
      ]),
      this.timeoutMs,
      'reading the subscription',
    );
    return {
      ledger: ledger.isSome ? ledgerFromCodecJson(ledger.unwrap().toJSON()) : null,
      devices: addresses(devices),
      now: activityNow(Number(now.toString())),
    };
  }

  async close(): Promise<void> {
    const pending = this.#api;
    this.#api = null;
    const api = await pending?.catch(() => null);
    await api?.disconnect();
  }
}
