import type { RobonomicsClient } from '../model/client-type.ts';
import type { NetworkIdentity } from '../network/network-identity.ts';
import { metadataHashOf } from './hash.ts';
import { pinnedRuntime, pinnedSpecVersions } from './pinned-runtimes.ts';
import type { SigningMetadata } from './signing-registry.ts';

/** A node whose description of a pinned runtime is not the runtime's. */
export class RuntimeMismatchError extends Error {
  override name = 'RuntimeMismatchError';
}

/**
 * Checks the client's runtime description against what this build pins for it and decides what
 * its transactions commit to. Throws RuntimeMismatchError when a pinned runtime is described
 * otherwise (its metadata hash, or a constant that decides what is signed). Long work (the hash):
 * never before a page's first paint.
 */
export function decideSigningMetadata(
  client: RobonomicsClient,
  network: NetworkIdentity,
): SigningMetadata {
  if (network.kind !== 'known') return { kind: 'unverified' };
  const specVersion = client.runtimeVersion.specVersion;
  const hash = metadataHashOf(client.metadata, network.token);
  if (network.devnet) return { kind: 'described', metadataHash: hash, why: 'devnet' };
  const pin = pinnedRuntime(client.genesisHash, specVersion);
  if (!pin) {
    const newer = pinnedSpecVersions(client.genesisHash).some((spec) => spec < specVersion);
    return { kind: 'described', metadataHash: hash, why: newer ? 'newer' : 'not pinned' };
  }
  const lie = (what: string) =>
    new RuntimeMismatchError(
      `This node describes runtime ${specVersion} of ${network.name} otherwise than it is: ${what}. The app does not sign anything with it; choose another node.`,
    );
  if (pin.metadataHash && hash !== pin.metadataHash) {
    throw lie(`its metadata hash is ${hash}, the runtime's is ${pin.metadataHash}`);
  }
  if (client.consts.rws.minimalBid !== pin.minimalBid) {
    throw lie(
      `its RWS.MinimalBid is ${client.consts.rws.minimalBid} planck, the runtime's ${pin.minimalBid}`,
    );
  }
  return pin.metadataHash
    ? { kind: 'pinned', metadataHash: pin.metadataHash }
    : { kind: 'described', metadataHash: hash, why: 'not pinned' };
}
