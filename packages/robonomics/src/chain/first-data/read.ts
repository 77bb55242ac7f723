import { isExpectedChain } from '../metadata-cache.ts';
import { identifyNetwork, type NetworkIdentity } from '../network-identity.ts';
import type { RpcSend } from '../rpc-socket.ts';
import { hexBytes } from '../scale-reader.ts';
import { decodeAuctionQueue, minimalBidOf } from './decode.ts';
import { markFirstData } from './marks.ts';
import {
  GENESIS_READ,
  METADATA_READ,
  PROPERTIES_READ,
  QUEUE_READ,
  VERSION_READ,
} from './requests.ts';
import { RUNTIME_SNAPSHOTS, type RuntimeSnapshot, snapshotFor } from './snapshots.ts';

type Hex = `0x${string}`;

/**
 * The subscription offer the dashboard shows (docs/first-data.md): RWS.MinimalBid and the open
 * auctions. Each field is undefined until it is known.
 */
export interface Offer {
  /**
   * RWS.MinimalBid (planck): before the client is ready, from this runtime's kept value, its
   * build-time snapshot or its metadata; then from the client.
   */
  minimalBid?: bigint;
  /** RWS.AuctionQueue: the open subscription auctions. */
  auctionQueue?: number[];
}

/**
 * What the first reads publish, before the chain client is ready (docs/first-data.md): the
 * runtime, the network and the offer as far as its answers came.
 */
export interface FirstData extends Offer {
  genesisHash: string;
  specVersion: number;
  /**
   * Which network the node is (docs/security.md): how amounts are shown. Published with the
   * first values; a refused node publishes only this.
   */
  network: NetworkIdentity;
}

export interface FirstReadsOptions {
  endpoint: string;
  send: RpcSend;
  /** The metadata kept from an earlier visit, as dedot's `metadata` option takes it. */
  cached?: Record<string, Hex>;
  /** Called with everything known so far, each time more is known. */
  onData: (data: FirstData) => void;
  snapshots?: readonly RuntimeSnapshot[];
  /** The build's own devnet endpoints (see identifyNetwork). */
  devnetEndpoints?: readonly string[];
}

const METADATA_KEY = /^RAW_META\/(0x[0-9a-fA-F]{64})\/(\d+)$/;

/** The kept metadata of exactly this runtime, if any. */
function cachedFor(
  cached: Record<string, Hex> | undefined,
  genesisHash: string,
  specVersion: number,
): Hex | undefined {
  for (const [key, hex] of Object.entries(cached ?? {})) {
    const match = METADATA_KEY.exec(key);
    if (
      match?.[1]?.toLowerCase() === genesisHash.toLowerCase() &&
      Number(match[2]) === specVersion
    ) {
      return hex;
    }
  }
  return undefined;
}

const isHex = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value);

/**
 * Sends the dashboard's first reads at once on an open socket: genesis hash, runtime version,
 * token properties, the auction queue and, on a first visit, the metadata. Publishes each value
 * once the node is known to be the chain the endpoint stands for; the minimal bid comes from the
 * kept metadata or a snapshot of the same genesis hash and spec version, else from the downloaded
 * metadata (which always replaces a snapshot's value). Resolves with the metadata it downloaded,
 * keyed as dedot's `metadata` option, so the client need not download it again; never rejects
 * (a failed read only leaves its value to the client).
 */
export async function readFirstData({
  endpoint,
  send,
  cached,
  onData,
  snapshots = RUNTIME_SNAPSHOTS,
  devnetEndpoints,
}: FirstReadsOptions): Promise<Record<string, Hex> | undefined> {
  const quiet = <T>(promise: Promise<T>) => {
    promise.catch(() => {});
    return promise;
  };
  const ask = ([method, params]: readonly [string, readonly unknown[]]) =>
    quiet(send(method, [...params]));
  const genesisRead = ask(GENESIS_READ);
  const versionRead = ask(VERSION_READ);
  const propertiesRead = ask(PROPERTIES_READ);
  const queueRead = ask(QUEUE_READ);
  // Asked last: the large answer should not hold back the small ones.
  let metadataRead = cached ? undefined : ask(METADATA_READ);

  let genesisHash: string;
  let specVersion: number;
  let network: NetworkIdentity;
  try {
    // The token's properties decide how amounts are shown: nothing is published before them.
    const [genesis, version, properties] = await Promise.all([
      genesisRead,
      versionRead,
      propertiesRead.catch(() => null),
    ]);
    const runtime = version as { specName?: unknown; specVersion?: unknown } | null;
    if (
      typeof genesis !== 'string' ||
      !/^0x[0-9a-fA-F]{64}$/.test(genesis) ||
      typeof runtime?.specName !== 'string' ||
      !Number.isInteger(runtime.specVersion)
    ) {
      return undefined;
    }
    genesisHash = genesis;
    specVersion = runtime.specVersion as number;
    markFirstData('runtime-version');
    network = identifyNetwork({ endpoint, genesisHash, properties, devnetEndpoints });
    if (network.kind === 'refused') {
      onData({ genesisHash, specVersion, network });
      return undefined;
    }
    // Another chain or runtime than the endpoint stands for: the client reports it.
    if (
      !isExpectedChain(endpoint, {
        genesisHash,
        runtimeVersion: { specName: runtime.specName, specVersion },
      })
    ) {
      return undefined;
    }
  } catch {
    return undefined;
  }

  let data: FirstData = { genesisHash, specVersion, network };
  const publish = (patch: Partial<FirstData>) => {
    data = { ...data, ...patch };
    onData(data);
  };

  const kept = cachedFor(cached, genesisHash, specVersion);
  const snapshot = snapshotFor(genesisHash, specVersion, snapshots);
  // A snapshot of this very runtime spares decoding the kept metadata before the first paint.
  const keptBid = kept && !snapshot ? minimalBidOf(hexBytes(kept)) : undefined;
  const early = snapshot?.minimalBid ?? keptBid;
  // The network goes out at once (it decides how amounts are shown), with the price if known.
  publish(early === undefined ? {} : { minimalBid: early });

  const reads: Promise<unknown>[] = [
    queueRead.then((value) => {
      if (value !== null && !isHex(value)) return;
      markFirstData('first-storage');
      publish({ auctionQueue: decodeAuctionQueue(value) });
    }),
  ];
  let downloaded: Record<string, Hex> | undefined;
  if (!kept || early === undefined) {
    // The kept metadata is of another runtime (or none was kept, or it gave no value): this
    // runtime's is needed.
    metadataRead ??= ask(METADATA_READ);
    reads.push(
      metadataRead.then((metadata) => {
        if (!isHex(metadata)) return;
        downloaded = { [`RAW_META/${genesisHash}/${specVersion}`]: metadata };
        const live = minimalBidOf(hexBytes(metadata));
        if (live !== undefined) publish({ minimalBid: live });
      }),
    );
  }
  await Promise.allSettled(reads);
  return downloaded;
}
