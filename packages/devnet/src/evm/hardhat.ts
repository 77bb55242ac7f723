import { pbkdf2Sync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { EIP1193Provider, RequestArguments } from 'hardhat/types';
import { type Address, bytesToHex, getAddress } from 'viem';
import { HDKey } from 'viem/accounts';
import { WebSocketServer } from 'ws';
import {
  BodyTooLargeError,
  closeAfterAnswer,
  closeServer,
  createBoundedServer,
  listen,
  readBody,
  refuseLargeBody,
  skipBody,
} from '../http/limits.ts';
import { corsGate, DEFAULT_APP_ORIGINS, isAllowedOrigin, originOf } from '../http/origins.ts';
import { EVM_CHAIN_ID } from './season-pass-abi.ts';

/**
 * Hardhat Network (EDR) in this process, without a Hardhat project: the provider is built from
 * Hardhat's own defaults (the "test test … junk" accounts with 10,000 ETH each, automine) with
 * chain id 11155111, and served with Hardhat's JSON-RPC request handling (HTTP and WebSocket,
 * as `npx hardhat node`) behind the devnet's bounds. Nothing here loads a config file or
 * compiles, so Hardhat never tries to download a compiler.
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

/** Largest JSON-RPC request body (a contract deployment is tens of KiB). */
export const MAX_EVM_REQUEST_BYTES = 8 * 1024 * 1024;
const MAX_EVM_BATCH = 1000;

type RpcReply = Record<string, unknown>;

const rpcError = (code: number, message: string): RpcReply => ({
  jsonrpc: '2.0',
  id: null,
  error: { code, message },
});

/**
 * Serves `provider` over HTTP and WebSocket on host:port with Hardhat's JSON-RPC request
 * handling, behind the devnet's bounds: pages only from the app's origins (Hardhat's own
 * server answers CORS `*`, which would let any site spend the unlocked dev accounts), bodies
 * and batches limited, header and idle timeouts (see docs/security.md).
 */
export async function serveJsonRpc(
  provider: EIP1193Provider,
  host: string,
  port: number,
  origins: readonly string[] = DEFAULT_APP_ORIGINS,
): Promise<RpcServer> {
  const { JsonRpcHandler } = await import('hardhat/internal/hardhat-network/jsonrpc/handler.js');
  const handler = new JsonRpcHandler(provider);
  const internal = handler as unknown as { _handleSingleRequest(req: unknown): Promise<RpcReply> };
  const single = internal._handleSingleRequest.bind(handler);
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const http = createBoundedServer((req, res) => {
    if (!corsGate(req, res, { origins, methods: 'POST, OPTIONS' })) return;
    if (req.method !== 'POST') {
      skipBody(req, res);
      answer(res, 405, rpcError(-32600, 'Only POST is served'));
      return;
    }
    const tooLarge = rpcError(-32600, `Request body over ${MAX_EVM_REQUEST_BYTES} bytes`);
    if (
      refuseLargeBody(req, res, MAX_EVM_REQUEST_BYTES, () => ({
        contentType: 'application/json',
        text: JSON.stringify(tooLarge),
      }))
    ) {
      return;
    }
    (async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse((await readBody(req, MAX_EVM_REQUEST_BYTES)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          closeAfterAnswer(req, res);
          answer(res, 413, tooLarge);
          return;
        }
        answer(res, 200, rpcError(-32700, `Parse error: ${(error as Error).message}`));
        return;
      }
      if (!Array.isArray(parsed)) {
        answer(res, 200, await single(parsed));
        return;
      }
      if (parsed.length > MAX_EVM_BATCH) {
        answer(res, 200, rpcError(-32600, `Batch of more than ${MAX_EVM_BATCH} requests`));
        return;
      }
      const replies: RpcReply[] = [];
      for (const request of parsed) replies.push(await single(request));
      answer(res, 200, replies);
    })().catch((error: unknown) => {
      if (!res.headersSent) answer(res, 200, rpcError(-32603, (error as Error).message));
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_EVM_REQUEST_BYTES });
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!isAllowedOrigin(originOf(req), origins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Hardhat's socket handler is async: a failure ends that client, not the process.
      handler.handleWs(ws).catch((error: unknown) => {
        console.error('devnet: evm: a WebSocket client failed:', error);
        ws.terminate();
      });
    });
  });
  const url = await listen(http, host, port);
  return {
    url,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(http);
    },
  };
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
