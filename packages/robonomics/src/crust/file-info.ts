import * as $ from 'dedot/shape';
import { encodeAddress, stringToU8a } from 'dedot/utils';
import { CRUST_SS58, type CrustClient } from './client.ts';
import { readStorage, subscribeStorage, twox64ConcatKey } from './storage.ts';

/** Market.FilesV2(cid) as the app shows it. */
export interface CrustFileInfo {
  fileSize: bigint;
  /** The replicas the storage nodes reported (`reported_replica_count`). */
  reportedReplicaCount: number;
  /** The accounts that hold a replica (keys of `replicas`), SS58 66. */
  replicas: string[];
  /** Block at which the order ends; 0 while no replica is reported. */
  expiredAt: number;
}

/** FileInfoV2 of the Crust market, field by field (its types: docs/crust.md). */
const $AccountId = $.SizedU8a(32);
const $FileInfoV2 = $.Struct({
  fileSize: $.u64,
  spower: $.u64,
  expiredAt: $.u32,
  calculatedAt: $.u32,
  amount: $.compactU128,
  prepaid: $.compactU128,
  reportedReplicaCount: $.u32,
  remainingPaidCount: $.u32,
  replicas: $.Vec(
    $.Tuple(
      $AccountId,
      $.Struct({
        who: $AccountId,
        validAt: $.u32,
        anchor: $.U8a,
        isReported: $.bool,
        createdAt: $.Option($.u32),
      }),
    ),
  ),
});

/** MerkleRoot = Vec<u8>: the apps put the bytes of the CID text in it. */
export function crustFileKey(cid: string): Uint8Array {
  return $.U8a.encode(stringToU8a(cid.trim()));
}

export function filesV2Key(cid: string): `0x${string}` {
  return twox64ConcatKey('Market', 'FilesV2', crustFileKey(cid));
}

/** The node's FileInfoV2 bytes in the app's shape; null when the file has no order. */
export function decodeCrustFile(bytes: Uint8Array | null): CrustFileInfo | null {
  if (!bytes) return null;
  const file = $FileInfoV2.decode(bytes);
  return {
    fileSize: file.fileSize,
    reportedReplicaCount: file.reportedReplicaCount,
    expiredAt: file.expiredAt,
    replicas: file.replicas.map(([owner]) => encodeAddress(owner, CRUST_SS58)),
  };
}

/** Market.FilesV2(cid): the storage order of a file, or null when it is not stored. */
export async function fetchCrustFile(
  client: CrustClient,
  cid: string,
  at?: string,
): Promise<CrustFileInfo | null> {
  return decodeCrustFile(await readStorage(client, filesV2Key(cid), at));
}

/**
 * Follows Market.FilesV2(cid) block by block: the order once placed, then its replicas as the
 * storage nodes report them. Resolves to the unsubscribe function.
 */
export function subscribeCrustFile(
  client: CrustClient,
  cid: string,
  onChange: (info: CrustFileInfo | null) => void,
): Promise<() => Promise<void>> {
  return subscribeStorage(client, filesV2Key(cid), (bytes) => onChange(decodeCrustFile(bytes)));
}
