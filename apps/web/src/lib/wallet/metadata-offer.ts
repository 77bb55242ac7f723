import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { sameGenesis } from '@robonomics-dapp/robonomics/chain/network/genesis-hash';
import type {
  NetworkIdentity,
  TokenFacts,
} from '@robonomics-dapp/robonomics/chain/network/network-identity';
import { safeStorage } from '../storage/safe-storage.ts';
import { useChain } from '../stores/chain-store.ts';
import type { InjectedMetadata, InjectedMetadataKnown } from './injected.ts';
import { useWallet } from './wallet-store.ts';

/**
 * The chain's metadata offered to the connected wallet extension, so that its approval window
 * shows the decoded call instead of raw bytes: once per spec version per extension (the wallet
 * asks its user to approve each offer), again after a runtime upgrade (docs/wallets.md).
 */
const OFFERED_KEY = 'robonomics-dapp.metadata-offered.v1';
const MAX_REMEMBERED = 32;

export interface MetadataTarget {
  wallet: string;
  genesisHash: string;
  specVersion: number;
}

const keyOf = ({ wallet, genesisHash, specVersion }: MetadataTarget) =>
  `${wallet}|${genesisHash.toLowerCase()}|${specVersion}`;

/**
 * Whether to offer: not when the wallet already lists this chain at this spec version, nor when
 * this spec version was offered to this wallet before (accepted or declined: one prompt only).
 */
export function shouldOffer(
  target: MetadataTarget,
  known: InjectedMetadataKnown[],
  offered: readonly string[],
): boolean {
  if (offered.includes(keyOf(target))) return false;
  return !known.some(
    (k) =>
      typeof k.genesisHash === 'string' &&
      sameGenesis(k.genesisHash, target.genesisHash) &&
      Number(k.specVersion) === target.specVersion,
  );
}

/**
 * Whether a network's metadata may be offered at all: only a known network reached at one of the
 * build's own endpoints. The wallet keeps the metadata under the genesis hash and describes every
 * later transaction of that network with it, so a custom node (which may claim any genesis) or an
 * unknown chain is never offered (docs/wallets.md).
 */
export function offersMetadata(
  network: NetworkIdentity | null,
): network is Extract<NetworkIdentity, { kind: 'known' }> {
  return network?.kind === 'known' && network.ownEndpoint;
}

function readOffered(): string[] {
  try {
    const value = JSON.parse(safeStorage.get(OFFERED_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function rememberOffered(target: MetadataTarget) {
  const list = [...readOffered().filter((k) => k !== keyOf(target)), keyOf(target)];
  safeStorage.set(OFFERED_KEY, JSON.stringify(list.slice(-MAX_REMEMBERED)));
}

const inFlight = new Set<string>();

async function offer(
  client: RobonomicsClient,
  token: TokenFacts,
  wallet: string,
  api: InjectedMetadata,
) {
  const target: MetadataTarget = {
    wallet,
    genesisHash: client.genesisHash,
    specVersion: client.runtimeVersion.specVersion,
  };
  const key = keyOf(target);
  if (inFlight.has(key)) return;
  inFlight.add(key);
  try {
    const known = await api.get().catch(() => [] as InjectedMetadataKnown[]);
    if (!shouldOffer(target, Array.isArray(known) ? known : [], readOffered())) return;
    // Loaded only when there is something to offer: the dashboard does not carry it.
    const { fetchMetadataDefinition } = await import(
      '@robonomics-dapp/robonomics/chain/queries/metadata-definition'
    );
    const definition = await fetchMetadataDefinition(client, {
      decimals: token.decimals,
      symbol: token.symbol,
    });
    // The chain may have moved on (another endpoint, an upgrade) while this was prepared.
    if (useChain.getState().client !== client || definition.specVersion !== target.specVersion)
      return;
    rememberOffered(target);
    await api.provide(definition).catch(() => false);
  } catch {
    // Not offered: the wallet shows raw bytes as before, and the next connection tries again.
  } finally {
    inFlight.delete(key);
  }
}

let started = false;

/** Follows the chain and the wallet; called once by the app's header. */
export function startMetadataOffer(): void {
  if (started) return;
  started = true;
  let stopUpgrades: (() => void) | null = null;
  let watched: RobonomicsClient | null = null;
  const check = () => {
    const { client, network } = useChain.getState();
    const { wallet, metadata, status } = useWallet.getState();
    if (client !== watched) {
      stopUpgrades?.();
      stopUpgrades = null;
      watched = client;
      // After a runtime upgrade the wallet needs the new spec version's metadata.
      if (client) stopUpgrades = client.on('runtimeUpgraded', () => check());
    }
    if (client && offersMetadata(network) && wallet && metadata && status === 'connected')
      void offer(client, network.token, wallet, metadata);
  };
  useChain.subscribe((state, previous) => {
    if (state.client !== previous.client || state.network !== previous.network) check();
  });
  useWallet.subscribe((state, previous) => {
    if (state.metadata !== previous.metadata || state.status !== previous.status) check();
  });
  check();
}
