import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EIP1193Provider } from 'hardhat/types';
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  type Hex,
  type PublicClient,
  parseEther,
  type WalletClient,
} from 'viem';
import type { DevnetOptions, RunningServices, ServiceHandle } from '../common/options.ts';
import { loadSeasonPassArtifact } from './compile.ts';
import { createHardhatNetwork, observeWrites, serveJsonRpc } from './hardhat.ts';
import { publishSeasonPassMetadata } from './metadata.ts';
import { EVM_CHAIN_ID, SEASON_PASS_ADDRESS, seasonPassAbi } from './season-pass-abi.ts';
import {
  type AccountRecord,
  type EvmState,
  loadEvmState,
  saveEvmState,
  type TokenRecord,
} from './state.ts';

/** The tokens of a fresh devnet, ids 1.. in this order: Hardhat account index and activation. */
export const SEED_TOKENS: readonly { holder: number; activated: boolean }[] = [
  { holder: 0, activated: true },
  { holder: 0, activated: false },
  { holder: 1, activated: false },
  { holder: 2, activated: true },
  { holder: 3, activated: false },
  { holder: 3, activated: true },
];

/** Dev accounts whose nonce and balance a restart brings back even when they hold no token. */
const TRACKED_DEV_ACCOUNTS = 4;

export interface EvmServiceHandle extends ServiceHandle {
  chainId: number;
  /** The SeasonPass contract (the app's devnet seasonPassAddress). */
  seasonPass: Address;
  /** Hardhat's unlocked dev accounts; #0 owns the contract. */
  accounts: Address[];
  /** The in-process Hardhat Network provider (EIP-1193); changes through it are recorded too. */
  provider: EIP1193Provider;
  /** CID of the tokens' metadata JSON {name, image}. */
  metadataCid: string;
  /** How long the start took, and whether the contract was compiled or came from the cache. */
  startup: { ms: number; compileMs: number; compiled: boolean };
}

export const devnetSepolia: Chain = defineChain({
  id: EVM_CHAIN_ID,
  name: 'Sepolia (devnet)',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

interface Clients {
  wallet: WalletClient;
  reader: PublicClient;
}

async function waitMined(reader: PublicClient, hash: Hex) {
  // Automine: the receipt exists as soon as eth_sendTransaction returns.
  const receipt = await reader.getTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

async function send(
  { wallet, reader }: Clients,
  account: Address,
  functionName: 'safeMint' | 'activate' | 'pause',
  args: readonly unknown[],
) {
  const hash = await wallet.writeContract({
    address: SEASON_PASS_ADDRESS,
    abi: seasonPassAbi,
    functionName,
    args: args as never,
    account,
    chain: devnetSepolia,
  });
  return waitMined(reader, hash);
}

/** Sends `activate` as the holder, impersonating it when it is not one of Hardhat's accounts. */
async function activateAs(
  clients: Clients,
  provider: EIP1193Provider,
  holder: Address,
  id: number,
) {
  const request = (method: string, params: unknown[]) => provider.request({ method, params });
  const local = (await request('eth_accounts', [])) as string[];
  const impersonate = !local.some((a) => a.toLowerCase() === holder.toLowerCase());
  if (impersonate) {
    await request('hardhat_impersonateAccount', [holder]);
    const balance = await clients.reader.getBalance({ address: holder });
    // Gas money; the recorded balance is put back afterwards.
    if (balance < parseEther('1')) {
      await request('hardhat_setBalance', [
        holder,
        `0x${(balance + parseEther('1')).toString(16)}`,
      ]);
    }
  }
  try {
    await send(clients, holder, 'activate', [BigInt(id)]);
  } finally {
    if (impersonate) await request('hardhat_stopImpersonatingAccount', [holder]);
  }
}

/** Reads everything state.json keeps from the chain. */
async function readState(reader: PublicClient, tracked: Iterable<Address>): Promise<EvmState> {
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    reader.readContract({
      address: SEASON_PASS_ADDRESS,
      abi: seasonPassAbi,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<T>;
  const supply = await read<bigint>('totalSupply');
  const ids = await Promise.all(
    Array.from({ length: Number(supply) }, (_, i) => read<bigint>('tokenByIndex', [BigInt(i)])),
  );
  const tokens: TokenRecord[] = await Promise.all(
    ids.map(async (id) => {
      const [owner, uri, activated] = await Promise.all([
        read<Address>('ownerOf', [id]),
        read<string>('tokenURI', [id]),
        read<boolean>('activatedOf', [id]),
      ]);
      return { id: Number(id), owner, cid: uri.replace(/^ipfs:\/\//, ''), activated };
    }),
  );
  tokens.sort((a, b) => a.id - b.id);
  const addresses = [...new Set([...tracked, ...tokens.map((t) => t.owner)].map(getAddress))];
  addresses.sort();
  const accounts: Record<Address, AccountRecord> = {};
  for (const address of addresses) {
    const [nonce, balance] = await Promise.all([
      reader.getTransactionCount({ address, blockTag: 'latest' }),
      reader.getBalance({ address }),
    ]);
    accounts[address] = { nonce, balance: balance.toString() };
  }
  return {
    version: 1,
    contract: SEASON_PASS_ADDRESS,
    paused: await read<boolean>('paused'),
    tokens,
    accounts,
  };
}

/**
 * The devnet's Ethereum node: Hardhat Network (EDR) in this process on 127.0.0.1 with chain id
 * 11155111. At every start it deploys SeasonPass from account #0 as the first transaction (so
 * it lands at 0x5FbD…0aa3), then mints and activates either the seed tokens or, after a
 * restart, what <dataDir>/evm/state.json recorded; every change made through the RPC is
 * recorded there again.
 */
export async function startEvmService(
  options: DevnetOptions,
  running: RunningServices,
): Promise<EvmServiceHandle> {
  const started = performance.now();
  const dir = join(options.dataDir, 'evm');
  const stateFile = join(dir, 'state.json');
  if (options.reset) rmSync(stateFile, { force: true });
  const saved = loadEvmState(stateFile);

  const network = await createHardhatNetwork();
  const { artifact, compiled, ms: compileMs } = await loadSeasonPassArtifact(join(dir, 'cache'));
  const { provider, accounts } = network;
  const owner = accounts[0]!;
  const transport = custom(provider, { retryCount: 0 });
  const clients: Clients = {
    wallet: createWalletClient({ chain: devnetSepolia, transport }),
    reader: createPublicClient({ chain: devnetSepolia, transport }) as PublicClient,
  };

  // 1. The deployment: the first transaction of account #0.
  const deployHash = await clients.wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [owner],
    account: owner,
    chain: devnetSepolia,
  });
  const deployed = (await waitMined(clients.reader, deployHash)).contractAddress;
  if (!deployed || getAddress(deployed) !== SEASON_PASS_ADDRESS) {
    throw new Error(`SeasonPass landed at ${deployed}, not at ${SEASON_PASS_ADDRESS}`);
  }

  // 2. Token metadata on IPFS (or in the evm folder when IPFS is not in this process).
  const published = await publishSeasonPassMetadata(join(dir, 'metadata'), running.get('ipfs'));

  // 3. The tokens: recorded ones after a restart, otherwise the seed.
  const tokens: TokenRecord[] =
    saved?.tokens ??
    SEED_TOKENS.map((seed, index) => ({
      id: index + 1,
      owner: accounts[seed.holder]!,
      cid: published.metadataCid,
      activated: seed.activated,
    }));
  for (const [index, token] of [...tokens].sort((a, b) => a.id - b.id).entries()) {
    if (token.id !== index + 1) throw new Error(`${stateFile}: token ids must run 1, 2, 3…`);
    await send(clients, owner, 'safeMint', [token.owner, token.cid]);
  }
  for (const token of tokens) {
    if (token.activated) await activateAs(clients, provider, token.owner, token.id);
  }
  if (saved?.paused) await send(clients, owner, 'pause', []);

  // 4. Wallets remember nonces: bring back recorded nonces (never lower) and balances.
  for (const [address, record] of Object.entries(saved?.accounts ?? {})) {
    const nonce = await clients.reader.getTransactionCount({ address: address as Address });
    if (record.nonce > nonce) {
      await provider.request({
        method: 'hardhat_setNonce',
        params: [address, `0x${record.nonce.toString(16)}`],
      });
    }
    await provider.request({
      method: 'hardhat_setBalance',
      params: [address, `0x${BigInt(record.balance).toString(16)}`],
    });
  }

  // 5. From now on every change through the RPC is written to state.json.
  const tracked = new Set<Address>([
    ...accounts.slice(0, TRACKED_DEV_ACCOUNTS),
    ...(Object.keys(saved?.accounts ?? {}) as Address[]),
  ]);
  let last = '';
  const record = async () => {
    const state = await readState(clients.reader, tracked);
    for (const address of Object.keys(state.accounts) as Address[]) tracked.add(address);
    const text = JSON.stringify(state);
    if (text === last) return;
    saveEvmState(stateFile, state);
    last = text;
  };
  let pending: Promise<void> = Promise.resolve();
  // A change is answered only once it is recorded; if it cannot be, the answer is an error.
  const sync = () => {
    const run = pending.then(record);
    pending = run.catch(() => {});
    return run.catch((error: unknown) => {
      const message = `the devnet could not record the EVM state in ${stateFile}: ${(error as Error).message}`;
      console.error(`devnet: ${message}`);
      throw new Error(message);
    });
  };
  await record();

  const observed = await observeWrites(provider, sync);
  const server = await serveJsonRpc(
    observed,
    options.host,
    options.ports.evm,
    options.allowedOrigins,
  );
  return {
    name: 'evm',
    url: server.url,
    chainId: EVM_CHAIN_ID,
    seasonPass: SEASON_PASS_ADDRESS,
    accounts,
    provider: observed,
    metadataCid: published.metadataCid,
    startup: { ms: performance.now() - started, compileMs, compiled },
    stop: async () => {
      await server.close();
      await pending;
    },
  };
}
