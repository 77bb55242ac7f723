// Loaded on demand: viem stays out of the dashboard's bundle.
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  UserRejectedRequestError,
} from 'viem';
import type { Eip1193Provider } from './ethereum/eip1193.ts';
import {
  contractErrorTexts,
  SEASON_PASS_CHAIN_ID,
  seasonPassAbi,
} from './ethereum/season-pass-contract.ts';
import { ipfsPathOf, ipfsToGateway } from './season-pass-status.ts';

export interface SeasonPassToken {
  tokenId: bigint;
  /** "<metadata name> #<id>" */
  name: string;
  /** Image URL on the IPFS gateway, or null. */
  image: string | null;
  activated: boolean;
}

const chain = defineChain({
  id: SEASON_PASS_CHAIN_ID,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

type Address = `0x${string}`;

function publicClient(provider: Eip1193Provider) {
  return createPublicClient({ chain, transport: custom(provider) });
}

export async function readBalance(
  provider: Eip1193Provider,
  contract: Address,
  owner: Address,
): Promise<bigint> {
  return publicClient(provider).readContract({
    address: contract,
    abi: seasonPassAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

export type TokenMetadata = { name: string; image: string | null };

/** IPFS as the app reads it: through its ranked gateway choice. */
export interface IpfsAccess {
  /** The text of an IPFS path (`<cid>[/path]`), failing over between gateways. */
  readText(path: string): Promise<string>;
  /** The gateway reads go through now, for image URLs. */
  gateway(): Promise<string>;
}

/** A metadata file over plain http(s): a bounded fetch. */
async function fetchText(url: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) throw new Error(`metadata answered ${response.status}`);
    return await response.text();
  } finally {
    clearTimeout(timer);
  }
}

/** Metadata is untrusted: bounded, string fields only. IPFS URIs go through the gateways. */
async function readMetadata(uri: string, ipfs: IpfsAccess): Promise<TokenMetadata> {
  const path = ipfsPathOf(uri);
  if (path === null && !/^https?:\/\//.test(uri)) throw new Error('unusable metadata URI');
  const text = path === null ? await fetchText(uri) : await ipfs.readText(path);
  if (text.length > 100_000) throw new Error('metadata too large');
  const json = JSON.parse(text) as { name?: unknown; image?: unknown };
  return {
    name: typeof json.name === 'string' ? json.name.slice(0, 200) : 'Season Pass',
    image: typeof json.image === 'string' ? json.image : null,
  };
}

/**
 * Every token of the owner with its metadata and activation; a token that fails is skipped.
 * `metadata` caches the metadata by token URI across calls (it does not change per block).
 */
export async function readTokens(
  provider: Eip1193Provider,
  contract: Address,
  owner: Address,
  ipfs: IpfsAccess,
  metadata: Map<string, Promise<TokenMetadata>> = new Map(),
): Promise<{ balance: bigint; tokens: SeasonPassToken[] }> {
  const client = publicClient(provider);
  const balance = await readBalance(provider, contract, owner);
  const indexes = Array.from({ length: Number(balance > 100n ? 100n : balance) }, (_, i) =>
    BigInt(i),
  );
  const results = await Promise.allSettled(
    indexes.map(async (index) => {
      const tokenId = await client.readContract({
        address: contract,
        abi: seasonPassAbi,
        functionName: 'tokenOfOwnerByIndex',
        args: [owner, index],
      });
      const [uri, activated] = await Promise.all([
        client.readContract({
          address: contract,
          abi: seasonPassAbi,
          functionName: 'tokenURI',
          args: [tokenId],
        }),
        client.readContract({
          address: contract,
          abi: seasonPassAbi,
          functionName: 'activatedOf',
          args: [tokenId],
        }),
      ]);
      let pending = metadata.get(uri);
      if (!pending) {
        pending = readMetadata(uri, ipfs);
        metadata.set(uri, pending);
        // A failed fetch is tried again on the next read.
        pending.catch(() => metadata.delete(uri));
      }
      const meta = await pending;
      return {
        tokenId,
        name: `${meta.name} #${tokenId}`,
        image: meta.image ? ipfsToGateway(meta.image, await ipfs.gateway()) : null,
        activated,
      } satisfies SeasonPassToken;
    }),
  );
  const tokens = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  return { balance, tokens };
}

/** activatedOf of each token, in order. */
export function readActivations(
  provider: Eip1193Provider,
  contract: Address,
  tokenIds: readonly bigint[],
): Promise<boolean[]> {
  const client = publicClient(provider);
  return Promise.all(
    tokenIds.map((tokenId) =>
      client.readContract({
        address: contract,
        abi: seasonPassAbi,
        functionName: 'activatedOf',
        args: [tokenId],
      }),
    ),
  );
}

export class ActivationError extends Error {
  constructor(
    message: string,
    readonly rejected: boolean,
  ) {
    super(message);
    this.name = 'ActivationError';
  }
}

/** Contract and wallet errors in plain words; user rejection is flagged. */
export function describeEthereumError(error: unknown): ActivationError {
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof UserRejectedRequestError)) {
      return new ActivationError('The request was rejected in the wallet.', true);
    }
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      const name = reverted.data?.errorName ?? '';
      return new ActivationError(contractErrorTexts[name] ?? reverted.shortMessage, false);
    }
    return new ActivationError(error.shortMessage, false);
  }
  const code = (error as { code?: unknown })?.code;
  if (code === 4001 || code === 'ACTION_REJECTED')
    return new ActivationError('The request was rejected in the wallet.', true);
  return new ActivationError(error instanceof Error ? error.message : String(error), false);
}

/**
 * Sends activate(tokenId) from the owner and waits for the receipt: the pass counts as active only
 * once the block holds it.
 */
export async function activateToken(
  provider: Eip1193Provider,
  contract: Address,
  owner: Address,
  tokenId: bigint,
) {
  const client = publicClient(provider);
  const wallet = createWalletClient({ chain, transport: custom(provider), account: owner });
  try {
    // Simulate first: a revert (TokenActivated, EnforcedPause) is named before the wallet asks.
    const { request } = await client.simulateContract({
      address: contract,
      abi: seasonPassAbi,
      functionName: 'activate',
      args: [tokenId],
      account: owner,
    });
    const hash = await wallet.writeContract(request);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success')
      throw new ActivationError('The activation transaction failed.', false);
  } catch (error) {
    throw error instanceof ActivationError ? error : describeEthereumError(error);
  }
}

/** EIP-191 personal_sign of a text by the account (for the free-minimum oracle). */
export async function signText(
  provider: Eip1193Provider,
  account: Address,
  text: string,
): Promise<`0x${string}`> {
  const wallet = createWalletClient({ chain, transport: custom(provider), account });
  try {
    return await wallet.signMessage({ message: text });
  } catch (error) {
    throw describeEthereumError(error);
  }
}
