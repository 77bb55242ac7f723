import { join } from 'node:path';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { circuitAddress } from '@robonomics-dapp/robonomics/p2p/relays';
import type { DevnetOptions } from '../options.ts';
import { type CallBody, P2pNode, type RelayPolicy } from './p2p.ts';
import { loadPeerKey } from './peer-key.ts';

export interface ProxyContext {
  options: DevnetOptions;
  /** The controller's data folder (its libp2p key lives there). */
  dir: string;
  key: KeyPair;
  /** The relay to be reached through (none: direct only, with --controller-direct). */
  relay: string | undefined;
  relayPolicy?: RelayPolicy;
  onCall(body: CallBody, remote: string): Promise<void>;
  /** Every change of the announced addresses, an empty list included. */
  onAddresses(addresses: string[]): void;
  /** The addresses HA announces in its config changed: the config must be published again. */
  onNewConfig(): void;
  log(message: string): void;
}

/**
 * The integration's libp2p proxy (docs/libp2p.md): a node with the controller's stable peer key,
 * reached through the relay (and directly with --controller-direct), handing `/call` bodies to the
 * command job. It remembers the addresses HA last heard, kept while the relay is away as HA
 * keeps them.
 */
export async function startProxy(context: ProxyContext) {
  const { options, relay, log } = context;
  if (!relay && !options.controllerDirect) {
    throw new Error('The controller needs the relay service (or --controller-direct).');
  }
  let proxyAddresses: string[] = [];
  const p2p = await P2pNode.start({
    host: options.host,
    directPort: options.controllerDirect ? options.ports.controller : undefined,
    relay,
    relayPolicy: context.relayPolicy,
    privateKey: await loadPeerKey(
      join(context.dir, 'peer-key.json'),
      context.key.secretKey.slice(0, 32),
    ),
    onCall: (body, remote) => {
      void context
        .onCall(body, remote)
        .catch((error: unknown) => log(`/call failed: ${(error as Error).message}`));
    },
    onAddresses: (addresses) => {
      context.onAddresses(addresses);
      if (addresses.length === 0) return;
      const changed =
        addresses.length !== proxyAddresses.length ||
        addresses.some((a, i) => a !== proxyAddresses[i]);
      proxyAddresses = addresses;
      // A new address list is a new config: HA sends its telemetry again.
      if (changed) context.onNewConfig();
    },
    log: (message) => log(message),
  });
  proxyAddresses = p2p.addresses;
  const direct =
    p2p.directPort === undefined
      ? undefined
      : `/ip4/${options.host}/tcp/${p2p.directPort}/ws/p2p/${p2p.peerId}`;
  const circuit = relay ? circuitAddress(relay, p2p.peerId) : undefined;
  return {
    p2p,
    /** What HA last heard from the proxy. */
    proxyAddresses: () => proxyAddresses,
    /** The direct address (only with --controller-direct). */
    direct,
    /** The relay circuit address. */
    circuit,
  };
}
