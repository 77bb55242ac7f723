import { SEASON_PASS_CHAIN_ID } from '../ethereum/season-pass-contract.ts';
import { walletStatus } from '../season-pass-status.ts';
import { useEthereumWallet } from './use-ethereum-wallet.ts';
import { useSeasonPassTokens } from './use-season-pass-tokens.ts';

/** The wallet, the page status (wallet checks first, then the tokens) and the tokens. */
export function useSeasonPass() {
  const wallet = useEthereumWallet();
  const blocked = walletStatus(
    {
      hasProvider: wallet.provider !== null,
      permissionDenied: wallet.permissionDenied,
      accounts: wallet.account ? [wallet.account] : [],
      chainId: wallet.networkId,
    },
    SEASON_PASS_CHAIN_ID,
  );
  const passes = useSeasonPassTokens(
    wallet.provider,
    wallet.account,
    blocked === null,
    wallet.block,
  );
  // A wallet was chosen but has not answered yet: nothing to say until it does.
  const waiting = wallet.provider !== null && wallet.checking;
  return { wallet, passes, status: waiting ? 'START' : (blocked ?? passes.status) };
}
