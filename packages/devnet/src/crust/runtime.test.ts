import { Keyring } from '@polkadot/keyring';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { u8aToHex, u8aToString } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChainNode } from '../chain/node/node.ts';
import { Runtime } from '../chain/runtime/runtime.ts';
import { CRUST_CONSTANTS, marketPot, TREASURY_ACCOUNT } from './constants.ts';
import { buildCrustMetadata } from './metadata/metadata.ts';
import {
  awaitingReplicas,
  perbill,
  REPLICA_INTERVAL_BLOCKS,
  readFile,
  replicaCountOf,
  SIMULATED_REPLICAS,
  simulatedNode,
} from './pallets/market.ts';
import { crustDescription } from './runtime.ts';

let runtime: Runtime;

beforeAll(async () => {
  await cryptoWaitReady();
  runtime = new Runtime(crustDescription('v14'));
});

describe('the hand-built Crust metadata', () => {
  it('is a deterministic V14 metadata that a fresh registry decodes', () => {
    const bytes = buildCrustMetadata(CRUST_CONSTANTS);
    expect(u8aToHex(bytes)).toBe(u8aToHex(buildCrustMetadata(CRUST_CONSTANTS)));
    expect(u8aToString(bytes.subarray(0, 4))).toBe('meta');
    expect(bytes[4]).toBe(14);
    const metadata = new Metadata(new TypeRegistry(), bytes);
    const pallets = metadata.asV14.pallets.map((p) => [p.name.toString(), p.index.toNumber()]);
    expect(pallets).toEqual([
      ['System', 0],
      ['Timestamp', 3],
      ['Balances', 5],
      ['TransactionPayment', 6],
      ['Market', 26],
    ]);
    expect(metadata.asV14.extrinsic.signedExtensions.map((e) => e.identifier.toString())).toEqual([
      'CheckSpecVersion',
      'CheckTxVersion',
      'CheckGenesis',
      'CheckMortality',
      'CheckNonce',
      'CheckWeight',
      'ChargeTransactionPayment',
    ]);
  });

  it('describes FilesV2 and the market calls as the Crust runtime does', () => {
    const filesV2 = runtime.decorated.query.market!.filesV2!;
    const type = filesV2.meta.type.asMap;
    expect(type.hashers.map((h) => h.type)).toEqual(['Twox64Concat']);
    expect(filesV2.meta.modifier.isOptional).toBe(true);
    const fields = runtime.registry.lookup
      .getSiType(type.value)
      .def.asComposite.fields.map((f) => f.name.unwrap().toString());
    expect(fields).toEqual([
      'file_size',
      'spower',
      'expired_at',
      'calculated_at',
      'amount',
      'prepaid',
      'reported_replica_count',
      'remaining_paid_count',
      'replicas',
    ]);
    const order = runtime.decorated.tx.market!.placeStorageOrder!;
    // @polkadot/api camelCases the metadata's cid, reported_file_size, tips, _memo.
    expect(order.meta.args.map((a) => [a.name.toString(), a.type.toString()])).toEqual([
      ['cid', 'Bytes'],
      ['reportedFileSize', 'u64'],
      ['tips', 'Compact<u128>'],
      ['memo', 'Bytes'],
    ]);
    // Address = AccountId (not MultiAddress), so the engine reads extrinsics accordingly.
    expect(runtime.extrinsicLayout).toEqual({ multiAddress: false, metadataHashMode: false });
    expect(runtime.existentialDeposit).toBe(100_000_000n);
  });
});

describe('the Crust market rules', () => {
  it('derives the pot accounts like ModuleId::into_sub_account', () => {
    const stor = marketPot('stor');
    expect(stor).toHaveLength(32);
    expect(u8aToString(stor.subarray(0, 12))).toBe('modlcrmarket');
    expect(stor[12]).toBe(16); // SCALE(&str "stor"): compact length 4
    expect(u8aToString(stor.subarray(13, 17))).toBe('stor');
    expect(stor.subarray(17).every((b) => b === 0)).toBe(true);
    expect(u8aToString(TREASURY_ACCOUNT.subarray(0, 12))).toBe('modlpy/trsry');
  });

  it('reads the replica count of an encoded FileInfoV2 without decoding it', () => {
    const type = runtime.valueType('market', 'filesV2');
    for (const [amount, prepaid, count] of [
      [0n, 0n, 0],
      [63n, 64n, 1],
      [16_383n, 16_384n, 2],
      [10n ** 20n, 2n ** 30n, 3],
    ] as const) {
      const replicas = new Map(
        Array.from({ length: count }, (_, i) => {
          const node = simulatedNode(i);
          const replica = {
            who: node.owner,
            validAt: 7,
            anchor: u8aToHex(node.anchor),
            isReported: true,
            createdAt: 7,
          };
          return [u8aToHex(node.owner), replica] as const;
        }),
      );
      const encoded = runtime.encode(type, {
        fileSize: 2n ** 40n,
        spower: 1n,
        expiredAt: 9,
        calculatedAt: 7,
        amount,
        prepaid,
        reportedReplicaCount: count,
        remainingPaidCount: 4 - count,
        replicas,
      });
      expect(replicaCountOf(encoded)).toBe(count);
    }
  });

  it('rounds Perbill products to the nearest, ties down', () => {
    expect(perbill(720_000_000n, 10n)).toBe(7n); // 7.2
    expect(perbill(500_000_000n, 3n)).toBe(1n); // 1.5
    expect(perbill(600_000_000n, 3n)).toBe(2n); // 1.8
    expect(perbill(180_000_000n, 301_000_000n)).toBe(54_180_000n);
  });

  it('reports exactly SIMULATED_REPLICAS replicas, REPLICA_INTERVAL_BLOCKS apart, then stops', async () => {
    const node = new ChainNode(runtime);
    node.initGenesis(1_700_000_000_000n);
    const alice = new Keyring({ type: 'ed25519', ss58Format: 66 }).addFromUri('//Alice');
    const tx = runtime.decorated.tx.market!.placeStorageOrder!('QmUnit', 1_000, 0, '');
    const ext = runtime.registry.createType('Extrinsic', { method: tx });
    ext.sign(alice, {
      blockHash: node.genesisHash,
      genesisHash: node.genesisHash,
      nonce: 0,
      runtimeVersion: runtime.version,
      era: runtime.registry.createType('ExtrinsicEra', '0x00'),
      signedExtensions: runtime.registry.signedExtensions,
    } as never);
    node.submit(ext.toHex());
    const ordered = (await node.buildBlock()).number;
    const cid = u8aToHex(new TextEncoder().encode('QmUnit'));
    const counts: number[] = [];
    for (let i = 0; i < REPLICA_INTERVAL_BLOCKS * (SIMULATED_REPLICAS + 2); i++) {
      await node.buildBlock();
      counts.push(readFile(node.readContext(), cid)!.reportedReplicaCount);
    }
    await node.stop();
    // One more replica every REPLICA_INTERVAL_BLOCKS blocks after the order, capped.
    const expected = counts.map((_, i) =>
      Math.min(Math.floor((i + 1) / REPLICA_INTERVAL_BLOCKS), SIMULATED_REPLICAS),
    );
    expect(counts).toEqual(expected);
    expect(ordered).toBe(1);
    expect(awaitingReplicas(node.readContext())).toBe(false);
    const file = readFile(node.readContext(), cid)!;
    expect(file.remainingPaidCount).toBe(0);
    expect([...file.replicas.values()].every((r) => r.isReported)).toBe(true);
  });
});
