// Loaded on demand: viem stays out of the dashboard's bundle.
import { BodyTooLargeError, readBoundedText } from '@robonomics-dapp/robonomics/http/bounded-body';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  UserRejectedRequestError,
} from 'viem';
import { type Eip1193Provider, USER_REJECTED } from './ethereum/eip1193.ts';
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

/**
 * The largest metadata file read: a token's metadata is a name, a description and an image link,
 * under 1 KB for the season pass.
 */
const MAX_METADATA_BYTES = 100_000;

/** A pass whose metadata could not be read, in words the page shows. */
class TokenMetadataError extends Error {
  constructor(tokenId: bigint, reason: string) {
    super(`Season pass #${tokenId}: ${reason}`);
    this.name = 'TokenMetadataError';
  }
}

/** An address as the page names it: its first 100 characters. */
const shown = (uri: string) => (uri.length > 100 ? `${uri.slice(0, 100)}…` : uri);

const tooLarge = (where: string) =>
  `its metadata (${shown(where)}) is larger than ${MAX_METADATA_BYTES.toLocaleString('en-US')} bytes, more than a pass's metadata can be; it was not read.`;

/** A metadata file over plain http(s): read no further than its bound, within 20 s. */
async function fetchText(url: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`its metadata (${shown(url)}) answered HTTP ${response.status}.`);
    }
    return await readBoundedText(response, MAX_METADATA_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Error(tooLarge(url));
    if (controller.signal.aborted)
      throw new Error(`its metadata (${shown(url)}) did not arrive in 20 s.`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Metadata is untrusted: bounded, string fields only. IPFS URIs go through the gateways. */
async function readMetadata(uri: string, ipfs: IpfsAccess): Promise<TokenMetadata> {
  const path = ipfsPathOf(uri);
  if (path === null && !/^https?:\/\//.test(uri)) {
    throw new Error(`its metadata address (${shown(uri)}) is neither ipfs:// nor http(s).`);
  }
  const text = path === null ? await fetchText(uri) : await ipfs.readText(path);
  // The gateways read up to their own bound: a pass's metadata is held to this one too.
  if (text.length > MAX_METADATA_BYTES) throw new Error(tooLarge(uri));
  let json: { name?: unknown; image?: unknown } | null;
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error(`its metadata (${shown(uri)}) is not JSON.`);
  }
  return {
    name: typeof json?.name === 'string' ? json.name.slice(0, 200) : 'Season Pass',
    image: typeof json?.image === 'string' ? json.image : null,
  };
}

/**
 * Every token of the owner with its metadata and activation; a token that fails is skipped, and
 * one whose metadata could not be read is named in `unreadable` with the reason.
 * `metadata` caches the metadata by token URI across calls (it does not change per block).
 */
export async function readTokens(
  provider: Eip1193Provider,
  contract: Address,
  owner: Address,
  ipfs: IpfsAccess,
  metadata: Map<string, Promise<TokenMetadata>> = new Map(),
): Promise<{ balance: bigint; tokens: SeasonPassToken[]; unreadable: string[] }> {
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
      const meta = await pending.catch((error: unknown) => {
        throw new TokenMetadataError(tokenId, (error as Error).message);
      });
      return {
        tokenId,
        name: `${meta.name} #${tokenId}`,
        image: meta.image ? ipfsToGateway(meta.image, await ipfs.gateway()) : null,
        activated,
      } satisfies SeasonPassToken;
    }),
  );
  const tokens = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const unreadable = results.flatMap((r) =>
    r.status === 'rejected' && r.reason instanceof TokenMetadataError ? [r.reason.message] : [],
  );
  return { balance, tokens, unreadable };
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
  if (code === USER_REJECTED || code === 'ACTION_REJECTED')
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
