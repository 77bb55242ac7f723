import { stringToHex } from '@dedot/utils';
import type { CrustClient } from './client.ts';

export interface CrustFileInfo {
  fileSize: bigint;
  reportedReplicaCount: number;
  /** The accounts that report holding the file. */
  replicas: string[];
  expiredAt: number;
}

/** Market.FilesV2(cid): the storage order of a file, or null when it is not stored. */
export async function fetchCrustFile(
  client: CrustClient,
  cid: string,
): Promise<CrustFileInfo | null> {
  const info = (await client.query.market.filesV2(stringToHex(cid))) as
    | {
        fileSize: bigint | number;
        reportedReplicaCount: number;
        expiredAt: number;
        replicas:
          | Array<[unknown, { who?: { address(prefix?: number): string } }]>
          | Map<unknown, unknown>;
      }
    | undefined;
  if (!info) return null;
  const entries =
    info.replicas instanceof Map ? [...info.replicas.entries()] : (info.replicas ?? []);
  return {
    fileSize: BigInt(info.fileSize),
    reportedReplicaCount: Number(info.reportedReplicaCount),
    expiredAt: Number(info.expiredAt),
    replicas: entries.map(([who]) =>
      typeof (who as { address?: unknown })?.address === 'function'
        ? (who as { address(prefix: number): string }).address(66)
        : String(who),
    ),
  };
}
