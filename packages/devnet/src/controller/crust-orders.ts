import { ApiPromise, WsProvider } from '@polkadot/api';
import type { KeyringPair } from '@polkadot/keyring/types';

/**
 * Orders every file the controller adds to IPFS on the Crust storage market, as the HA
 * integration does (interop §3.1): market.place_storage_order(cid, size, 0, ""), signed by the
 * controller on the Crust chain. One order at a time; a failure is logged, never fatal.
 */
export class CrustOrders {
  private readonly provider: WsProvider;
  private readonly api: ApiPromise;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    url: string,
    private readonly signer: KeyringPair,
    private readonly log: (message: string) => void,
  ) {
    this.provider = new WsProvider(url, 2_000);
    this.api = new ApiPromise({ provider: this.provider, noInitWarn: true });
    this.api.on('error', () => {});
  }

  order(cid: string, size: number): void {
    this.queue = this.queue
      .then(() => this.place(cid, size))
      .catch((error: Error) => this.log(`crust order for ${cid} failed: ${error.message}`));
  }

  private async place(cid: string, size: number): Promise<void> {
    const api = await this.api.isReady;
    if (((await api.query.market.filesV2(cid)) as unknown as { isSome: boolean }).isSome) return;
    await new Promise<void>((resolve, reject) => {
      api.tx.market
        .placeStorageOrder(cid, size, 0, '')
        .signAndSend(this.signer, { nonce: -1 }, (result) => {
          if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
          else if (result.status.isInBlock || result.status.isFinalized) resolve();
          else if (result.isError) reject(new Error(result.status.type));
        })
        .catch(reject);
    });
    this.log(`ordered ${cid} (${size} bytes) on crust`);
  }

  async stop(): Promise<void> {
    await this.queue;
    await this.api.disconnect().catch(() => {});
  }
}
