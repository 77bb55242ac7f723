import { isExpectedChain, type KeptRuntime } from '../../metadata/cache.ts';
import { minimalBidOf } from '../../metadata/constants.ts';
import {
  decidingSnapshot,
  RUNTIME_SNAPSHOTS,
  type RuntimeSnapshot,
  snapshotFor,
} from '../../metadata/pinned-runtimes.ts';
import { sameGenesis } from '../../network/genesis-hash.ts';
import { identifyNetwork, type NetworkIdentity } from '../../network/network-identity.ts';
import type { RpcSend } from '../rpc-socket.ts';
import { decodeAuctionQueue } from './decode.ts';
import { markFirstData } from './marks.ts';
import {
  GENESIS_READ,
  METADATA_READ,
  PROPERTIES_READ,
  QUEUE_READ,
  VERSION_READ,
} from './requests.ts';

type Hex = `0x${string}`;

/**
 * What the first reads publish, before the chain client is ready (docs/first-data.md): the
 * runtime, the network and the offer as far as its answers came.
 */
export interface FirstData {
  genesisHash: string;
  specVersion: number;
  /**
   * Which network the node is (docs/security.md): how amounts are shown. Published with the
   * first values; a refused node publishes only this.
   */
  network: NetworkIdentity;
  /**
   * RWS.MinimalBid (planck): this runtime's kept value, its build-time snapshot, or its
   * metadata's (docs/first-data.md, "Where the minimal bid comes from").
   */
  minimalBid?: bigint;
  /** RWS.AuctionQueue: the open subscription auctions. */
  auctionQueue?: number[];
}

export interface FirstReadsOptions {
  endpoint: string;
  send: RpcSend;
  /** What is kept for the endpoint from an earlier visit (metadata/cache.ts). */
  kept?: KeptRuntime;
  /** Called with everything known so far, each time more is known. */
  onData: (data: FirstData) => void;
  /** The build's snapshots (metadata/pinned-runtimes.ts), unless a test gives others. */
  snapshots?: readonly RuntimeSnapshot[];
  /** The build's own devnet endpoints (see identifyNetwork). */
  devnetEndpoints?: readonly string[];
}

/** The metadata kept for an earlier visit, as dedot's `metadata` option takes it. */
type MetadataOption = Record<string, Hex>;

const METADATA_KEY = /^RAW_META\/(0x[0-9a-fA-F]{64})\/(\d+)$/;

/** The kept metadata of exactly this runtime, if any. */
function keptFor(
  metadata: MetadataOption | undefined,
  genesisHash: string,
  specVersion: number,
): Hex | undefined {
  for (const [key, hex] of Object.entries(metadata ?? {})) {
    const match = METADATA_KEY.exec(key);
    if (match && sameGenesis(match[1], genesisHash) && Number(match[2]) === specVersion) {
      return hex;
    }
  }
  return undefined;
}

const isHex = (value: string): value is Hex => /^0x(?:[0-9a-fA-F]{2})*$/.test(value);

/** What a node says it runs, once it is known to be the chain its endpoint stands for. */
interface CheckedRuntime {
  genesisHash: string;
  specVersion: number;
  network: NetworkIdentity;
}

/**
 * Checks the node's genesis hash, runtime version and token properties: null when they are not
 * what a Robonomics node answers, or the chain is not the one the endpoint stands for (the
 * client reports that), else the runtime and network (which may be a refusal).
 */
async function checkRuntime(
  endpoint: string,
  answers: Promise<[unknown, unknown, unknown]>,
  devnetEndpoints: readonly string[] | undefined,
): Promise<CheckedRuntime | null> {
  try {
    const [genesisHash, version, properties] = await answers;
    const runtime = version as { specName?: unknown; specVersion?: unknown } | null;
    if (
      typeof genesisHash !== 'string' ||
      !/^0x[0-9a-fA-F]{64}$/.test(genesisHash) ||
      typeof runtime?.specName !== 'string' ||
      !Number.isInteger(runtime.specVersion)
    ) {
      return null;
    }
    const specVersion = runtime.specVersion as number;
    markFirstData('runtime-version');
    const network = identifyNetwork({ endpoint, genesisHash, properties, devnetEndpoints });
    if (network.kind === 'refused') return { genesisHash, specVersion, network };
    const runtimeVersion = { specName: runtime.specName, specVersion };
    return isExpectedChain(endpoint, { genesisHash, runtimeVersion })
      ? { genesisHash, specVersion, network }
      : null;
  } catch {
    return null;
  }
}

/**
 * Sends the dashboard's first reads at once: genesis hash, runtime version, token properties,
 * the auction queue and, when nothing is kept for the endpoint, the metadata. Publishes each value
 * once the node is known to be the chain the endpoint stands for; the minimal bid comes from the
 * value kept for this runtime, a snapshot of the same genesis hash and spec version, or the kept
 * metadata of this runtime, else from the downloaded metadata (which always replaces a snapshot's
 * value), walked as its hex arrives. Resolves with the metadata it downloaded, keyed as dedot's
 * `metadata` option, so the client need not download it again; never rejects (a failed read only
 * leaves its value to the client).
 */
export async function readFirstData({
  endpoint,
  send,
  kept,
  onData,
  snapshots = RUNTIME_SNAPSHOTS,
  devnetEndpoints,
}: FirstReadsOptions): Promise<MetadataOption | undefined> {
  const ask = ([method, params]: readonly [string, readonly unknown[]]) => {
    const answer = send(method, [...params]);
    answer.catch(() => {});
    return answer;
  };
  const genesisRead = ask(GENESIS_READ);
  const versionRead = ask(VERSION_READ);
  const propertiesRead = ask(PROPERTIES_READ);
  const queueRead = ask(QUEUE_READ);
  // Asked last: the large answer should not hold back the small ones.
  let metadataRead = kept ? undefined : ask(METADATA_READ);

  // The token's properties decide how amounts are shown: nothing is published before them.
  const checked = await checkRuntime(
    endpoint,
    Promise.all([genesisRead, versionRead, propertiesRead.catch(() => null)]),
    devnetEndpoints,
  );
  if (!checked) return undefined;
  const { genesisHash, specVersion, network } = checked;
  if (network.kind === 'refused') {
    onData({ genesisHash, specVersion, network });
    return undefined;
  }

  let data: FirstData = { genesisHash, specVersion, network };
  const publish = (patch: Pick<FirstData, 'minimalBid' | 'auctionQueue'>) => {
    data = { ...data, ...patch };
    onData(data);
  };

  const keptMetadata = keptFor(kept?.metadata, genesisHash, specVersion);
  // A network this build pins: its constants are the build's, whatever a node (or a summary kept
  // from one) says, also for a runtime newer than the pins (docs/security.md, "Pinned runtimes").
  const pinned = decidingSnapshot(genesisHash, specVersion, snapshots);
  const keptSnapshot = kept?.snapshot
    ? snapshotFor(genesisHash, specVersion, [kept.snapshot])
    : undefined;
  const snapshot = pinned ?? keptSnapshot;
  // A snapshot of this very runtime spares walking the kept metadata before the first paint.
  const known = snapshot?.minimalBid ?? (keptMetadata ? minimalBidOf(keptMetadata) : undefined);
  // The network goes out at once (it decides how amounts are shown), with the price if known.
  publish(known === undefined ? {} : { minimalBid: known });

  const reads: Promise<unknown>[] = [
    queueRead.then((value) => {
      if (value !== null && typeof value !== 'string') return;
      markFirstData('first-storage');
      publish({ auctionQueue: decodeAuctionQueue(value) });
    }),
  ];
  // A summary of this very runtime was kept with its metadata's bytes, which the client reads
  // from their own store (metadata/cache.ts).
  const keptForThisRuntime = keptMetadata !== undefined || keptSnapshot !== undefined;
  let downloaded: MetadataOption | undefined;
  if (!keptForThisRuntime || known === undefined) {
    // What was kept is of another runtime (or nothing was kept, or it gave no value): this
    // runtime's metadata is needed.
    metadataRead ??= ask(METADATA_READ);
    reads.push(
      metadataRead.then((metadata) => {
        if (typeof metadata !== 'string') return;
        const live = minimalBidOf(metadata);
        if (live !== undefined && !pinned) publish({ minimalBid: live });
        // Handed to the client only when it is hex throughout (the walk read only part of it).
        if (isHex(metadata)) downloaded = { [`RAW_META/${genesisHash}/${specVersion}`]: metadata };
      }),
    );
  }
  await Promise.allSettled(reads);
  return downloaded;
}
