import { PageHeading } from '../../../components/PageHeading.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { useSeasonPass } from '../hooks/use-season-pass.ts';
import { seasonPassTexts } from '../season-pass-status.ts';
import { ActivatePass } from './ActivatePass.tsx';
import { EthereumWalletPicker } from './EthereumWalletPicker.tsx';
import { FreeMinimum } from './FreeMinimum.tsx';

/** The older season pass page: balance, tokens and the free-minimum request of each token. */
export function OlderSeasonPassPage() {
  const { wallet, passes, status } = useSeasonPass();
  const target = useWallet((s) => s.address);
  const ledger = useLedger(target);
  const now = useNow();

  return (
    <>
      <PageHeading title="Season pass">
        An activated Season Pass gives one free 30-day subscription to the parachain account you
        choose.
      </PageHeading>
      <div className="grid-2">
        <section className="card stack" aria-label="Ethereum" data-status={status}>
          <EthereumWalletPicker wallet={wallet} />
          {wallet.provider && !wallet.account && (
            <button
              type="button"
              className="button primary"
              onClick={wallet.connect}
              disabled={wallet.connecting}
            >
              Connect Ethereum wallet
            </button>
          )}
          {wallet.error && wallet.account && (
            <p className="error" role="alert">
              {wallet.error}
            </p>
          )}
          {wallet.error && wallet.account && (
            <button type="button" className="button" onClick={wallet.switchNetwork}>
              Switch to Sepolia
            </button>
          )}
          {status === 'NO_ETH_EXTENSION' && wallet.wallets.length > 0 ? (
            <p role="status">Choose one of the wallets above.</p>
          ) : (
            !wallet.error &&
            seasonPassTexts[status] && <p role="status">{seasonPassTexts[status]}</p>
          )}
          {passes.error && (
            <p className="error small" role="alert">
              Could not read your season passes: {passes.error}
            </p>
          )}
          {status === 'NFT_STARTED_GETTING' && (
            <p className="loading">Reading your season passes</p>
          )}
          {status === 'TOKENS_FOUND' && (
            <>
              <p>Balance: {(passes.balance ?? 0n).toString()} NFT</p>
              <ul className="plain-list stack">
                {passes.tokens.map((token) => (
                  <li key={token.tokenId.toString()} className="token" aria-label={token.name}>
                    {token.image && (
                      <img
                        src={token.image}
                        alt=""
                        className="token-image"
                        width="120"
                        height="120"
                      />
                    )}
                    <div className="stack-s">
                      <h2>{token.name}</h2>
                      <p className={token.activated ? 'ok small' : 'muted small'}>
                        {token.activated ? 'Activated' : 'Not activated'}
                      </p>
                      <ActivatePass token={token} onActivate={(id) => void passes.activate(id)} />
                      <FreeMinimum
                        provider={wallet.provider}
                        account={wallet.account}
                        tokenId={token.tokenId}
                        target={target}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className="card stack" aria-labelledby="sp2-parachain">
          <h2 id="sp2-parachain">Parachain account that receives the subscription</h2>
          <WalletPanel />
          {target && ledger !== undefined && (
            <p data-testid="granted-subscription">
              {ledger ? (
                <SubscriptionDate ledger={ledger} now={now} />
              ) : (
                'This account has no subscription yet.'
              )}
            </p>
          )}
        </section>
      </div>
    </>
  );
}
