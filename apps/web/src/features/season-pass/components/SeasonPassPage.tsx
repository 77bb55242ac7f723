import { useState } from 'react';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { useSeasonPass } from '../hooks/use-season-pass.ts';
import { seasonPassTexts } from '../season-pass-status.ts';
import { ActivatePass } from './ActivatePass.tsx';
import { EthereumWalletPicker } from './EthereumWalletPicker.tsx';

export function SeasonPassPage() {
  const { wallet, passes, status } = useSeasonPass();
  const [slide, setSlide] = useState(0);
  const token = passes.tokens[Math.min(slide, passes.tokens.length - 1)];
  const choosing = status === 'NO_ETH_EXTENSION' && wallet.wallets.length > 0;

  return (
    <>
      <PageHeading title="Your season pass 2024-2025">
        Season Pass NFTs on Sepolia: activate yours to claim its free subscription.
      </PageHeading>
      <section className="card stack" aria-label="Season pass" data-status={status}>
        <EthereumWalletPicker wallet={wallet} />
        {choosing ? (
          <p role="status">Choose one of the wallets above.</p>
        ) : (
          seasonPassTexts[status] && (
            <p
              className={
                status === 'NFT_NOT_FOUND' || status === 'TOKENS_NOT_FOUND' ? 'muted' : 'error'
              }
              role="status"
            >
              {seasonPassTexts[status]}
            </p>
          )
        )}
        {wallet.provider && !wallet.account && (
          <button
            type="button"
            className="button primary"
            onClick={wallet.connect}
            disabled={wallet.connecting}
          >
            {wallet.connecting ? 'Waiting for the wallet…' : 'Connect Ethereum wallet'}
          </button>
        )}
        {status === 'WRONG_ETH_NETWORK' && (
          <button type="button" className="button primary" onClick={wallet.switchNetwork}>
            Switch to Sepolia
          </button>
        )}
        {passes.error && (
          <p className="error small" role="alert">
            Could not read your season passes: {passes.error}
          </p>
        )}
        {status === 'NFT_STARTED_GETTING' && (
          <p className="loading" role="status">
            Looking for your season passes
          </p>
        )}
        {status === 'TOKENS_FOUND' && token && (
          <div className="stack">
            <article className="token" aria-label={token.name}>
              {token.image && (
                <img src={token.image} alt="" className="token-image" width="240" height="240" />
              )}
              <div className="stack-s">
                <h2>{token.name}</h2>
                <p className="small">Token id: {token.tokenId.toString()}</p>
                <p className={token.activated ? 'ok' : 'muted'}>
                  {token.activated ? 'Activated' : 'Not activated'}
                </p>
                <ActivatePass token={token} onActivate={(id) => void passes.activate(id)} />
              </div>
            </article>
            {passes.tokens.length > 1 && (
              <nav className="row" aria-label="Season passes">
                {passes.tokens.map((t, i) => (
                  <button
                    key={t.tokenId.toString()}
                    type="button"
                    className="button"
                    aria-pressed={t === token}
                    aria-label={`Season pass ${i + 1}`}
                    onClick={() => setSlide(i)}
                  >
                    {i + 1}
                  </button>
                ))}
              </nav>
            )}
          </div>
        )}
      </section>
    </>
  );
}
