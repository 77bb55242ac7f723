import type { KeyringPair } from '@polkadot/keyring/types';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import { type CrustClient, connectCrust } from '@robonomics-dapp/robonomics/crust/client';
import { fetchCrustFile } from '@robonomics-dapp/robonomics/crust/file-info';
import { placeStorageOrder } from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice } from '@robonomics-dapp/robonomics/crust/storage-price';

/**
 * Orders every file the controller adds to IPFS on the Crust storage market, as the HA
 * integration does: market.place_storage_order(cid, size, 0, ""), signed by the controller on
 * the Crust chain, skipped when the price is not below the balance. It goes through the app's
 * own Crust client (packages/robonomics/src/crust), so the devnet exercises the same path as the
 * browser. One order at a time; a failure is logged, never fatal.
 */
export class CrustOrders {
  private client: Promise<CrustClient> | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly signer: KeyringPair,
    private readonly log: (message: string) => void,
  ) {}

  /** The connection, opened on first use and opened again after it failed. */
  private connect(): Promise<CrustClient> {
    if (!this.client) {
      this.client = connectCrust(this.url, { retryDelayMs: 2_000 });
      this.client.catch(() => {
        this.client = null;
      });
    }
    return this.client;
  }

  order(cid: string, size: number): void {
    this.queue = this.queue
      .then(() => this.place(cid, size))
      .catch((error: Error) => this.log(`crust order for ${cid} failed: ${error.message}`));
  }

  private async place(cid: string, size: number): Promise<void> {
    const client = await this.connect();
    if (await fetchCrustFile(client, cid)) return;
    const [balance, price] = await Promise.all([
      fetchCrustBalance(client, this.signer.address),
      fetchStoragePrice(client, size),
    ]);
    if (price >= balance) {
      this.log(`not ordering ${cid} on crust: price ${price} is not below the balance ${balance}`);
      return;
    }
    await placeStorageOrder(client, this.signer, cid, size);
    this.log(`ordered ${cid} (${size} bytes) on crust`);
  }

  async stop(): Promise<void> {
    await this.queue;
    const client = await this.client?.catch(() => null);
    await client?.disconnect().catch(() => {});
  }
}
