import { stringToHex } from '@dedot/utils';
import { CRUST_SS58, type CrustClient } from './client.ts';

/** Market.FilesV2(cid) as the app shows it (facts/robonomics-chain.md §6). */
export interface CrustFileInfo {
  fileSize: bigint;
  /** The replicas the storage nodes reported (`reported_replica_count`). */
  reportedReplicaCount: number;
  /** The accounts that hold a replica (keys of `replicas`), SS58 66. */
  replicas: string[];
  /** Block at which the order ends; 0 while no replica is reported. */
  expiredAt: number;
}

type Who = { address(prefix?: number): string } | string | Uint8Array;

interface RawFileInfo {
  fileSize: bigint | number;
  reportedReplicaCount: number;
  expiredAt: number;
  /** BTreeMap<AccountId, Replica>: dedot gives the pairs as an array (a Map is also accepted). */
  replicas?: Array<[Who, unknown]> | Map<Who, unknown>;
}

/** The MerkleRoot key of a file: the bytes of its CID text. */
export function crustFileKey(cid: string): `0x${string}` {
  return stringToHex(cid.trim());
}

function whoText(who: Who): string {
  if (typeof who === 'object' && who !== null && 'address' in who) {
    return typeof who.address === 'function' ? who.address(CRUST_SS58) : String(who.address);
  }
  return String(who);
}

/** The node's answer in the app's shape; null when the file has no order. */
export function decodeCrustFile(raw: RawFileInfo | undefined | null): CrustFileInfo | null {
  if (!raw) return null;
  const entries = raw.replicas instanceof Map ? [...raw.replicas.entries()] : (raw.replicas ?? []);
  return {
    fileSize: BigInt(raw.fileSize),
    reportedReplicaCount: Number(raw.reportedReplicaCount),
    expiredAt: Number(raw.expiredAt),
    replicas: entries.map(([who]) => whoText(who)),
  };
}

/** Market.FilesV2(cid): the storage order of a file, or null when it is not stored. */
export async function fetchCrustFile(
  client: CrustClient,
  cid: string,
): Promise<CrustFileInfo | null> {
  const raw = (await client.query.market.filesV2(crustFileKey(cid))) as RawFileInfo | undefined;
  return decodeCrustFile(raw);
}

/**
 * Follows Market.FilesV2(cid) block by block: the order once placed, then its replicas as the
 * storage nodes report them. Resolves to the unsubscribe function.
 */
export async function subscribeCrustFile(
  client: CrustClient,
  cid: string,
  onChange: (info: CrustFileInfo | null) => void,
): Promise<() => Promise<void>> {
  const unsub = await client.query.market.filesV2(crustFileKey(cid), (raw: RawFileInfo) =>
    onChange(decodeCrustFile(raw)),
  );
  return unsub as () => Promise<void>;
}
