import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { nonceTaken } from '../common/pool-refusal.ts';
import { expiryOf, ledgerFromCodecJson } from '../common/runtime-rules.ts';

const CONNECT_TIMEOUT_MS = 15_000;
const INCLUSION_TIMEOUT_MS = 120_000;

/** The chain could not be reached or did not answer in time. */
export class ParachainUnavailable extends Error {}

/**
 * The extrinsic was refused or failed; the message is what the original oracle answers (docs/nft-
 * oracle.md).
 */
export class GrantFailed extends Error {}

/** The node refused to pool the transaction (outdated, banned…): it was not sent. */
export class GrantRefused extends GrantFailed {
  constructor(
    message: string,
    /** The pool's error code (1010, 1012, 1014…), when it gave one. */
    readonly code?: number,
  ) {
    super(message);
  }

  /** Whether another transaction of the oracle's account took this one's nonce. */
  get nonceTaken(): boolean {
    return nonceTaken(this.code, this.message);
  }
}

/** A grant's mortal era in blocks: after it, the signed transaction can never be included. */
export const GRANT_ERA_PERIOD = 64;

/** A signed grant transaction, not yet sent. */
export interface PreparedGrant {
  txHex: string;
  txHash: string;
  birth: number;
  death: number;
}

export interface FoundGrant {
  inclusion: Inclusion;
  /** Whether it dispatched without error (ExtrinsicSuccess). */
  success: boolean;
}

function describeDispatchError(
  api: ApiPromise,
  error: NonNullable<import('@polkadot/api').SubmittableResult['dispatchError']>,
): string {
  if (!error.isModule) return 'Error';
  const meta = api.registry.findMetaError(error.asModule);
  return meta.docs.join(', ') || `${meta.section}.${meta.name}`;
}

export interface Inclusion {
  blockHash: string;
  blockNumber: number;
  txIndex: number;
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
    const expiry = expiryOf(ledgerFromCodecJson(option.unwrap().toJSON()));
    // Strictly before the end, as the pallet's accrual counts it.
    return (
      expiry === null || Number((now as unknown as { toString(): string }).toString()) < expiry
    );
  }

  /** The best block's number. */
  async bestNumber(): Promise<number> {
    const api = await this.api();
    const header = await withTimeout(
      api.rpc.chain.getHeader(),
      CONNECT_TIMEOUT_MS,
      'the parachain did not answer',
    );
    return header.number.toNumber();
  }

  /**
   * Signs rws.setSubscription(target, {Daily: {days}}) with a mortal era of GRANT_ERA_PERIOD
   * blocks, without sending it: the transaction can only go into a block within that window.
   */
  async prepareGrant(target: string, days: number): Promise<PreparedGrant> {
    const api = await this.api();
    const signer = await this.#signerPair();
    const tx = api.tx.rws!.setSubscription!(target, {
      Daily: { days },
    }) as SubmittableExtrinsic<'promise'>;
    await withTimeout(
      tx.signAsync(signer, { nonce: -1, era: GRANT_ERA_PERIOD }),
      CONNECT_TIMEOUT_MS,
      'the parachain did not answer',
    );
    // The era counts from the signing header, at most the best block, which is read after.
    const best = await this.bestNumber();
    const era = tx.era.asMortalEra;
    return {
      txHex: tx.toHex(),
      txHash: tx.hash.toHex(),
      birth: era.birth(best),
      death: era.death(best),
    };
  }

  /**
   * Sends a prepared grant and resolves once it is in a block, with where it landed; a
   * dispatch error rejects with the module error's docs, as the original oracle reports it.
   */
  async submitGrant(prepared: Pick<PreparedGrant, 'txHex'>): Promise<Inclusion> {
    const api = await this.api();
    const tx = api.tx(prepared.txHex) as SubmittableExtrinsic<'promise'>;
    let unsubscribe: (() => void) | undefined;
    let settled = false;
    const included = new Promise<Inclusion>((resolve, reject) => {
      tx.send((result) => {
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
          reject(new GrantFailed(describeDispatchError(api, result.dispatchError)));
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
        .catch((error: Error & { code?: unknown }) =>
          reject(
            new GrantRefused(
              error.message,
              typeof error.code === 'number' ? error.code : undefined,
            ),
          ),
        );
    });
    try {
      return await withTimeout(included, INCLUSION_TIMEOUT_MS, 'the grant was not included');
    } finally {
      settled = true;
      unsubscribe?.();
    }
  }

  /**
   * Looks for a prepared grant's transaction in the blocks it could have gone into: where it
   * is and whether it succeeded, or null if it is in none of them (yet).
   */
  async findGrant(
    prepared: Pick<PreparedGrant, 'txHash' | 'birth' | 'death'>,
  ): Promise<FoundGrant | null> {
    const api = await this.api();
    const best = await this.bestNumber();
    for (let number = prepared.birth; number <= Math.min(best, prepared.death); number++) {
      const blockHash = await api.rpc.chain.getBlockHash(number);
      if (blockHash.isEmpty) continue;
      const block = await api.rpc.chain.getBlock(blockHash);
      const txIndex = block.block.extrinsics.findIndex(
        (ext) => ext.hash.toHex() === prepared.txHash,
      );
      if (txIndex < 0) continue;
      const events = (await api.query.system!.events!.at(blockHash)) as unknown as {
        phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } };
        event: { section: string; method: string; data: unknown[] };
      }[];
      const outcome = events.find(
        ({ phase, event }) =>
          phase.isApplyExtrinsic &&
          phase.asApplyExtrinsic.toNumber() === txIndex &&
          event.section === 'system' &&
          (event.method === 'ExtrinsicSuccess' || event.method === 'ExtrinsicFailed'),
      );
      return {
        inclusion: { blockHash: blockHash.toHex(), blockNumber: number, txIndex },
        success: outcome?.event.method === 'ExtrinsicSuccess',
      };
    }
    return null;
  }

  /**
   * Submits rws.setSubscription(target, {Daily: {days}}) and resolves once it is in a block.
   */
  async setSubscription(target: string, days: number): Promise<Inclusion> {
    return this.submitGrant(await this.prepareGrant(target, days));
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
