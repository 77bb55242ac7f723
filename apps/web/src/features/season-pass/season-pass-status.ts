/** Page states of the season pass and what each shows (docs/product-rules.md). */
export type SeasonPassStatus =
  | 'START'
  | 'NO_ETH_EXTENSION'
  | 'NO_WALLET_PERMISSION'
  | 'NO_ETH_ACCOUNT'
  | 'WRONG_ETH_NETWORK'
  | 'NFT_STARTED_GETTING'
  | 'NFT_NOT_FOUND'
  | 'TOKENS_FOUND'
  | 'TOKENS_NOT_FOUND';

export const seasonPassTexts: Partial<Record<SeasonPassStatus, string>> = {
  NO_ETH_EXTENSION: 'Connect or install Ethereum extension in your browser',
  NO_WALLET_PERMISSION: 'Please, check permissions in the connected extension',
  NO_ETH_ACCOUNT: 'No Ethereum account found: check your extension',
  WRONG_ETH_NETWORK: 'Please, switch to Sepolia',
  // 'accosiated' (sic), in both: the original app's words, kept on purpose.
  NFT_NOT_FOUND: 'No Season Pass NFT accosiated with this account',
  TOKENS_NOT_FOUND: 'No Season Pass NFT accosiated with this account',
};

/** Local status of one token while the user activates it. */
export type TokenStatus =
  | 'INIT'
  | 'ACTIVATION_STARTED'
  | 'ACTIVATION_ENDED'
  | 'ACTIVATION_REJECTED'
  | 'ACTIVATION_NOT_SUCCESSFULL';

export const tokenStatusTexts: Record<TokenStatus, string> = {
  INIT: '',
  ACTIVATION_STARTED: 'Activating: confirm in your wallet and wait for the transaction.',
  ACTIVATION_ENDED: 'Activation confirmed.',
  ACTIVATION_REJECTED: 'Activation was rejected in the wallet.',
  ACTIVATION_NOT_SUCCESSFULL: 'Activation did not succeed.',
};

export interface WalletFacts {
  hasProvider: boolean;
  /** The user refused access (or the wallet has no eth_accounts permission for this site). */
  permissionDenied: boolean;
  accounts: string[];
  chainId: number | null;
}

/**
 * Where the wallet checks leave the page, in the order of docs/product-rules.md (Season pass): a
 * wallet, its permission, an account, then the network. Null when all pass and the tokens can be
 * read.
 */
export function walletStatus(facts: WalletFacts, requiredChainId: number): SeasonPassStatus | null {
  if (!facts.hasProvider) return 'NO_ETH_EXTENSION';
  if (facts.permissionDenied) return 'NO_WALLET_PERMISSION';
  if (facts.accounts.length === 0) return 'NO_ETH_ACCOUNT';
  if (facts.chainId !== requiredChainId) return 'WRONG_ETH_NETWORK';
  return null;
}

/** After reading: none owned, some read, or every read failed. */
export function tokensStatus(balance: bigint, loaded: number): SeasonPassStatus {
  if (balance === 0n) return 'NFT_NOT_FOUND';
  return loaded > 0 ? 'TOKENS_FOUND' : 'TOKENS_NOT_FOUND';
}

/** The IPFS path (`<cid>[/path]`) of "ipfs://<cid>[/path]" or a bare CID, else null. */
export function ipfsPathOf(uri: string): string | null {
  if (uri.startsWith('ipfs://')) return uri.slice('ipfs://'.length).replace(/^ipfs\//, '');
  if (/^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58,})$/.test(uri)) return uri;
  return null;
}

/** "ipfs://<cid>[/path]" (or a bare CID) to a gateway URL; other URLs pass through if http(s). */
export function ipfsToGateway(uri: string, gateway: string): string | null {
  const path = ipfsPathOf(uri);
  if (path !== null) return `${gateway.replace(/\/+$/, '')}/ipfs/${path}`;
  if (/^https?:\/\//.test(uri)) return uri;
  return null;
}
