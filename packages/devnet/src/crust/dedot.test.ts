import { AccountNonceApi, Core, Metadata, TransactionPaymentApi } from '@dedot/runtime-specs';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { DedotClient, WsProvider } from 'dedot';
import type { ISubmittableResult } from 'dedot/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServiceHandle } from '../chain/service.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { CRUST_CONSTANTS, DEV_ENDOWMENT, GENESIS_MARKET_FEES } from './constants.ts';
import { startTestCrust } from './test-support.ts';

// dedot (the app's Robonomics client) reads V14 and newer only: it works against the Crust
// devnet's V14 description and cannot read what Crust mainnet serves (V13), which is why the app
// has its own small Crust client (docs/crust.md).
// biome-ignore lint/suspicious/noExplicitAny: untyped here; the app uses the generated bindings
type AnyClient = DedotClient<any>;

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

interface FileInfo {
  fileSize: bigint;
  spower: bigint;
  expiredAt: number;
  calculatedAt: number;
  amount: bigint;
  prepaid: bigint;
  reportedReplicaCount: number;
  remainingPaidCount: number;
  replicas: [{ raw: string }, { who: { raw: string }; validAt: number; isReported: boolean }][];
}

let dir: string;
let crust: ChainServiceHandle;
let client: AnyClient;
let alice: KeyringPair;

function send(tx: unknown, signer: KeyringPair) {
  return new Promise<{ events: string[]; error: string | null; fee: bigint }>((resolve, reject) => {
    (
      tx as {
        signAndSend: (s: KeyringPair, cb: (r: ISubmittableResult) => void) => Promise<unknown>;
      }
    )
      .signAndSend(signer, (result) => {
        if (result.status.type !== 'BestChainBlockIncluded') return;
        let fee = 0n;
        const events = result.events.map((r) => {
          const event = r.event as unknown as {
            pallet: string;
            palletEvent: { name: string; data?: { actualFee?: bigint } } | string;
          };
          const name =
            typeof event.palletEvent === 'string' ? event.palletEvent : event.palletEvent.name;
          if (name === 'TransactionFeePaid' && typeof event.palletEvent !== 'string')
            fee = event.palletEvent.data?.actualFee ?? 0n;
          return `${event.pallet}.${name}`;
        });
        let error: string | null = null;
        if (result.dispatchError) {
          const meta = client.registry.findErrorMeta(result.dispatchError);
          error = meta ? `${meta.pallet}.${meta.name}` : result.dispatchError.type;
        }
        resolve({ events, error, fee });
      })
      .catch(reject);
  });
}

beforeAll(async () => {
  await cryptoWaitReady();
  dir = tempDir();
  crust = await startTestCrust(dir, { crustMetadata: 'v14' });
  client = await DedotClient.new({
    provider: new WsProvider(crust.url),
    rpcVersion: 'legacy',
    runtimeApis: { AccountNonceApi, Core, Metadata, TransactionPaymentApi },
  });
  alice = new Keyring({ ss58Format: 66, type: 'sr25519' }).addFromUri('//Alice');
});

afterAll(async () => {
  await client?.disconnect();
  await crust?.stop();
  if (dir) removeDir(dir);
});

describe('dedot against the V13 Crust devnet (as mainnet)', () => {
  it('cannot read its metadata', async () => {
    const v13Dir = tempDir();
    const v13 = await startTestCrust(v13Dir);
    try {
      await expect(
        DedotClient.new({
          provider: new WsProvider({ endpoint: v13.url, maxRetryAttempts: 0 }),
          rpcVersion: 'legacy',
        }),
      ).rejects.toThrow(/V13 is not supported|Metadata_metadata_versions is not found/);
    } finally {
      await v13.stop();
      removeDir(v13Dir);
    }
  });
});

describe('dedot against the Crust devnet described in V14', () => {
  it('connects and reads the chain identity, constants and balances', async () => {
    expect(client.runtimeVersion.specName).toBe('crust');
    expect(client.consts.system.ss58Prefix).toBe(66);
    expect(client.consts.market.fileDuration).toBe(CRUST_CONSTANTS.market.fileDuration);
    expect(await client.query.market.fileBaseFee()).toBe(GENESIS_MARKET_FEES.fileBaseFee);
    expect(await client.query.market.fileByteFee()).toBe(GENESIS_MARKET_FEES.fileByteFee);
    const account = await client.query.system.account(alice.address);
    expect(account.data.free).toBe(DEV_ENDOWMENT);
    expect(account.data.frozen).toBe(0n);
    expect(await client.query.market.filesV2(CID)).toBeUndefined();
  });

  it('places a storage order, quoting the fee it is then charged', async () => {
    const tx = client.tx.market.placeStorageOrder(CID, 2_048n, 0n, '');
    const info = await tx.paymentInfo(alice.address);
    expect(info.partialFee).toBeGreaterThan(0n);
    const outcome = await send(tx, alice);
    expect(outcome.error).toBeNull();
    expect(outcome.events).toContain('Market.FileSuccess');
    expect(outcome.fee).toBe(info.partialFee);
  });

  it('reads FilesV2, and the replicas once the simulated nodes have reported', async () => {
    const file = (await client.query.market.filesV2(CID)) as FileInfo;
    expect(file).toMatchObject({
      fileSize: 2_048n,
      prepaid: 0n,
      remainingPaidCount: 4,
    });
    await crust.node.buildBlock();
    await crust.node.buildBlock();
    const reported = (await client.query.market.filesV2(CID)) as FileInfo;
    expect(reported.reportedReplicaCount).toBeGreaterThanOrEqual(1);
    expect(reported.replicas.length).toBe(reported.reportedReplicaCount);
    const [owner, replica] = reported.replicas[0]!;
    expect(replica.who.raw).toBe(owner.raw);
    expect(replica.isReported).toBe(true);
    expect(reported.expiredAt).toBe(reported.calculatedAt + CRUST_CONSTANTS.market.fileDuration);
  });

  it('decodes the market module errors by name', async () => {
    expect((await send(client.tx.market.addPrepaid('QmMissing', 1n), alice)).error).toBe(
      'Market.FileNotExist',
    );
  });
});
