import { pbkdf2Sync } from 'node:crypto';
import type { EIP1193Provider, RequestArguments } from 'hardhat/types';
import { type Address, bytesToHex, getAddress } from 'viem';
import { HDKey } from 'viem/accounts';
import { EVM_CHAIN_ID } from './season-pass-abi.ts';

/**
 * Hardhat Network (EDR) in this process, without a Hardhat project: the provider is built from
 * Hardhat's own defaults (the "test test … junk" accounts with 10,000 ETH each, automine) with
 * chain id 11155111, and served by Hardhat's JSON-RPC server (HTTP and WebSocket, the same one
 * `npx hardhat node` uses). Nothing here loads a config file or compiles, so Hardhat never
 * tries to download a compiler.
 */
export interface HardhatNetwork {
  provider: EIP1193Provider;
  /** The unlocked dev accounts, #0 first. */
  accounts: Address[];
}

interface HdAccountsConfig {
  mnemonic: string;
  passphrase: string;
  path: string;
  initialIndex: number;
  count: number;
  accountsBalance: string;
}

/**
 * Hardhat's genesis accounts from its HD config: BIP-39 seed (PBKDF2-SHA512, once) and BIP-32
 * keys at path/i. Hardhat's own helper recomputes the seed for every account (~0.5 s for 20).
 */
export function genesisAccountsOf(config: HdAccountsConfig) {
  const seed = pbkdf2Sync(
    config.mnemonic.normalize('NFKD'),
    `mnemonic${config.passphrase}`.normalize('NFKD'),
    2048,
    64,
    'sha512',
  );
  const root = HDKey.fromMasterSeed(seed);
  const path = config.path.replace(/\/$/, '');
  return Array.from({ length: config.count }, (_, i) => {
    const key = root.derive(`${path}/${config.initialIndex + i}`).privateKey;
    if (!key) throw new Error(`no key at ${path}/${config.initialIndex + i}`);
    return { privateKey: bytesToHex(key), balance: config.accountsBalance };
  });
}

export async function createHardhatNetwork(): Promise<HardhatNetwork> {
  const [{ createHardhatNetworkProvider }, defaults] = await Promise.all([
    import('hardhat/internal/hardhat-network/provider/provider.js'),
    import('hardhat/internal/core/config/default-config.js'),
  ]);
  const params = defaults.defaultHardhatNetworkParams;
  const genesisAccounts = genesisAccountsOf(defaults.defaultHardhatNetworkHdAccountsConfigParams);
  const provider = await createHardhatNetworkProvider(
    {
      hardfork: params.hardfork,
      chainId: EVM_CHAIN_ID,
      networkId: EVM_CHAIN_ID,
      blockGasLimit: params.blockGasLimit,
      minGasPrice: params.minGasPrice,
      automine: true,
      intervalMining: 0,
      mempoolOrder: 'priority',
      chains: params.chains,
      genesisAccounts,
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: true,
      throwOnCallFailures: true,
      allowBlocksWithSameTimestamp: false,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  );
  const accounts = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) =>
    getAddress(a),
  );
  return { provider, accounts };
}

export interface RpcServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `provider` over HTTP and WebSocket on host:port with Hardhat's JSON-RPC server. */
export async function serveJsonRpc(
  provider: EIP1193Provider,
  host: string,
  port: number,
): Promise<RpcServer> {
  const { JsonRpcServer } = await import('hardhat/internal/hardhat-network/jsonrpc/server.js');
  const server = new JsonRpcServer({ hostname: host, port, provider });
  const address = await new Promise<{ port: number }>((resolve, reject) => {
    // Hardhat's listen() never rejects: catch a busy port from the underlying server.
    const onError = (error: Error) => reject(error);
    const httpServer = (server as unknown as { _httpServer: import('node:http').Server })
      ._httpServer;
    httpServer.once('error', onError);
    server.listen().then((info) => {
      httpServer.off('error', onError);
      resolve(info);
    }, reject);
  });
  return { url: `http://${host}:${address.port}`, close: () => server.close() };
}

/**
 * A provider that runs `after` once each request that may change the chain has finished
 * (successfully or not: a reverted transaction is still mined), and refuses hardhat_reset,
 * which would drop the deployment the app is configured with.
 */
export async function observeWrites(
  provider: EIP1193Provider,
  after: () => Promise<void>,
): Promise<EIP1193Provider> {
  const { ProviderError } = await import('hardhat/internal/core/providers/errors.js');
  const mayWrite = (method: string) =>
    method.startsWith('eth_send') || method.startsWith('evm_') || method.startsWith('hardhat_');
  const request = async (args: RequestArguments): Promise<unknown> => {
    if (args.method === 'hardhat_reset') {
      throw new ProviderError(
        'hardhat_reset is disabled on the devnet: restart it with --reset instead',
        -32601,
      );
    }
    try {
      return await provider.request(args);
    } finally {
      if (mayWrite(args.method)) await after();
    }
  };
  return new Proxy(provider, {
    get(target, property) {
      if (property === 'request') return request;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
