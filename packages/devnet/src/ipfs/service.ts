import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import type { ChainServiceHandle } from '../chain/service.ts';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';
import { startApiServer } from './api/api-server.ts';
import { describeGateway, type ExtraGateway, startExtraGateway } from './gateway/extra-gateways.ts';
import { gatewayHandler, startGatewayServer } from './gateway/gateway-server.ts';
import { loadPeerIdentity } from './repo/identity.ts';
import { IpfsRepo } from './repo/repo.ts';
import { InProcessSubscriptions, RemoteSubscriptions } from './subscriptions.ts';
import { checkWeb3Auth, type SubscriptionReader } from './web3-auth-verify.ts';

export interface IpfsServiceHandle extends ServiceHandle {
  /** The kubo RPC API with web3 auth (same as `url`). */
  apiUrl: string;
  /** The read-only gateway: GET /ipfs/<cid>. */
  gatewayUrl: string;
  /** The extra gateways of `--gateways`, in order. */
  extraGatewayUrls: string[];
  /** The node itself, for services in this process (e.g. a controller publishing files). */
  repo: IpfsRepo;
}

function isChainHandle(handle: ServiceHandle | undefined): handle is ChainServiceHandle {
  return handle !== undefined && 'node' in handle;
}

/**
 * The devnet IPFS node: kubo's RPC API behind the robonomics web3 auth (ipfs.url.today), and a
 * public-style read-only gateway. Blocks and pins live in <dataDir>/ipfs. The auth reads RWS
 * subscriptions from the chain service of this process, or over WebSocket from the chain port.
 */
export async function startIpfsService(
  options: DevnetOptions,
  running: RunningServices,
): Promise<IpfsServiceHandle> {
  await cryptoWaitReady();
  const dir = join(options.dataDir, 'ipfs');
  if (options.reset) rmSync(dir, { recursive: true, force: true });
  const repo = new IpfsRepo(dir);
  const identity = loadPeerIdentity(dir);

  const chain = running.get('chain');
  const subscriptions: SubscriptionReader = isChainHandle(chain)
    ? new InProcessSubscriptions(chain.node)
    : new RemoteSubscriptions(`ws://${options.host}:${options.ports.chain}`);

  const serveFiles = gatewayHandler(repo, options.allowedOrigins);
  const api = await startApiServer({
    host: options.host,
    port: options.ports.ipfsApi,
    repo,
    identity,
    authorize: (headers) => checkWeb3Auth(headers, subscriptions),
    gateway: serveFiles,
    allowedOrigins: options.allowedOrigins,
  });
  let gateway: Awaited<ReturnType<typeof startGatewayServer>> | undefined;
  const extra: ExtraGateway[] = [];
  try {
    gateway = await startGatewayServer({
      host: options.host,
      port: options.ports.ipfsGateway,
      repo,
      allowedOrigins: options.allowedOrigins,
    });
    // What a lying gateway answers a CID with: the file pinned just before it (an older envelope
    // of the same home, typically), else the latest other pinned file.
    const otherFile = (cid: string) => {
      const roots = [...repo.pins.recursive];
      const at = roots.indexOf(cid);
      return at > 0 ? roots[at - 1]! : (roots.filter((r) => r !== cid).at(-1) ?? null);
    };
    for (const spec of options.gateways ?? []) {
      extra.push(
        await startExtraGateway(options.host, spec, serveFiles, options.allowedOrigins, otherFile),
      );
    }
  } catch (error) {
    await Promise.all([api.close(), gateway?.close(), ...extra.map((g) => g.close())]);
    await subscriptions.close();
    throw error;
  }
  const files = gateway;

  return {
    name: 'ipfs',
    url: api.url,
    apiUrl: api.url,
    gatewayUrl: files.url,
    extraGatewayUrls: extra.map((g) => g.url),
    repo,
    notes: [
      `gateway ${api.url}/ipfs/ (on the API's host)`,
      `gateway ${files.url}/ipfs/`,
      ...extra.map((g) => `gateway ${g.url}/ipfs/ (${describeGateway(g.spec)})`),
    ],
    stop: async () => {
      await Promise.all([api.close(), files.close(), ...extra.map((g) => g.close())]);
      await subscriptions.close();
    },
  };
}
