import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';

const DAY_MS = 86_400_000n;
const CONNECT_TIMEOUT_MS = 15_000;
const INCLUSION_TIMEOUT_MS = 120_000;

/** The chain could not be reached or did not answer in time. */
export class ParachainUnavailable extends Error {}

/** The extrinsic was refused or failed; the message is what the original oracle answers. */
export class GrantFailed extends Error {}

export interface Inclusion {
  blockHash: string;
  blockNumber: number;
  txIndex: number;
}

interface LedgerJson {
  issueTime: number | string;
  kind: {
    lifetime?: unknown;
    Lifetime?: unknown;
    daily?: { days: number | string };
    Daily?: { days: number | string };
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ParachainUnavailable(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The oracle's view of the Robonomics chain, through @polkadot/api over the chain's WebSocket:
 * whether an account has an active RWS subscription, and rws.setSubscription signed by the
 * chain's RWS oracle account (sr25519 `signerUri`, //Alice on the devnet).
 */
export class ParachainClient {
  readonly url: string;
  readonly #signerUri: string;
  #api: Promise<ApiPromise> | null = null;
  #signer: KeyringPair | null = null;

  constructor(url: string, signerUri = '//Alice') {
    this.url = url;
    this.#signerUri = signerUri;
  }

  async #connect(): Promise<ApiPromise> {
    const provider = new WsProvider(this.url, 1_000);
    try {
      const api = await withTimeout(
        ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }),
        CONNECT_TIMEOUT_MS,
        `no answer from the parachain at ${this.url}`,
      );
      return api;
    } catch (error) {
      await provider.disconnect().catch(() => undefined);
      throw error instanceof ParachainUnavailable
        ? error
        : new ParachainUnavailable(`the parachain at ${this.url} is not reachable`);
    }
  }

  /** The connected API, made on first use; a failed attempt is retried on the next call. */
  api(): Promise<ApiPromise> {
    if (!this.#api) {
      this.#api = this.#connect();
      this.#api.catch(() => {
        this.#api = null;
      });
    }
    return this.#api;
  }

  async #signerPair(): Promise<KeyringPair> {
    if (!this.#signer) {
      await cryptoWaitReady();
      this.#signer = new Keyring({ type: 'sr25519', ss58Format: 32 }).addFromUri(this.#signerUri);
    }
    return this.#signer;
  }

  /**
   * True when `address` has a ledger that is still running: Lifetime, or Daily with the chain's
   * clock before issue time + days (the pallet's own rule, on the chain's time).
   */
  async hasActiveSubscription(address: string): Promise<boolean> {
    const api = await this.api();
    const [ledger, now] = await withTimeout(
      Promise.all([api.query.rws!.ledger!(address), api.query.timestamp!.now!()]),
      CONNECT_TIMEOUT_MS,
      'the parachain did not answer',
    );
    const option = ledger as unknown as { isSome: boolean; unwrap(): { toJSON(): unknown } };
    if (!option.isSome) return false;
    const json = option.unwrap().toJSON() as LedgerJson;
    if (json.kind.lifetime !== undefined || json.kind.Lifetime !== undefined) return true;
    const days = BigInt((json.kind.daily ?? json.kind.Daily)?.days ?? 0);
    const chainNow = BigInt((now as unknown as { toString(): string }).toString());
    return chainNow < BigInt(json.issueTime) + days * DAY_MS;
  }

  /**
   * Submits rws.setSubscription(target, {Daily: {days}}) and resolves once it is in a block,
   * with where it landed; a dispatch error rejects with the module error's docs, as the
   * original oracle reports it.
   */
  async setSubscription(target: string, days: number): Promise<Inclusion> {
    const api = await this.api();
    const signer = await this.#signerPair();
    const tx = api.tx.rws!.setSubscription!(target, {
      Daily: { days },
    }) as SubmittableExtrinsic<'promise'>;
    let unsubscribe: (() => void) | undefined;
    let settled = false;
    const included = new Promise<Inclusion>((resolve, reject) => {
      tx.signAndSend(signer, { nonce: -1 }, (result) => {
        if (result.isError || result.status.isDropped || result.status.isUsurped) {
          reject(new GrantFailed(`the transaction was ${result.status.type.toLowerCase()}`));
          return;
        }
        // A slow client may see Finalized without the InBlock before it: either counts.
        if (!result.status.isInBlock && !result.status.isFinalized) return;
        const blockHash = (
          result.status.isInBlock ? result.status.asInBlock : result.status.asFinalized
        ).toHex();
        if (result.dispatchError) {
          let message = 'Error';
          if (result.dispatchError.isModule) {
            const meta = api.registry.findMetaError(result.dispatchError.asModule);
            message = meta.docs.join(', ') || `${meta.section}.${meta.name}`;
          }
          reject(new GrantFailed(message));
          return;
        }
        const applied = result.events.find(({ phase }) => phase.isApplyExtrinsic);
        const txIndex = applied ? applied.phase.asApplyExtrinsic.toNumber() : -1;
        api.rpc.chain
          .getHeader(blockHash)
          .then(
            (header) => resolve({ blockHash, blockNumber: header.number.toNumber(), txIndex }),
            reject,
          );
      })
        .then((unsub) => {
          if (settled) unsub();
          else unsubscribe = unsub;
        })
        .catch((error: Error) => reject(new GrantFailed(error.message)));
    });
    try {
      return await withTimeout(included, INCLUSION_TIMEOUT_MS, 'the grant was not included');
    } finally {
      settled = true;
      unsubscribe?.();
    }
  }

  async close(): Promise<void> {
    const pending = this.#api;
    this.#api = null;
    if (!pending) return;
    try {
      await (await pending).disconnect();
    } catch {
      // Never connected.
    }
  }
}
