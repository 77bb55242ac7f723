import { Address } from '../../../components/Address.tsx';
import { Amount } from '../../../components/Amount.tsx';
import { PurchaseNeeds } from '../../../components/PurchaseNeeds.tsx';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { XRT_MARKETS } from '../../../lib/shell/xrt-markets.ts';
import type { Guide } from '../hooks/use-guide.ts';

/** Step 1: the owner's account, with enough XRT for the bid and its fees (or a subscription). */
export function AccountSummary({ guide }: { guide: Guide }) {
  const { owner, subscription } = guide.facts;
  if (!owner) return <>No account is connected yet.</>;
  return (
    <>
      Owner: <Address address={owner} />
      {guide.balance && (
        <>
          {' '}
          · balance <Amount planck={guide.balance.transferable} exact />
        </>
      )}
      {subscription?.active && ' · has a subscription'}
    </>
  );
}

export function AccountStep({ guide }: { guide: Guide }) {
  const { owner, minimalBid, balance, subscription } = guide.facts;
  return (
    <div className="stack-s">
      <p className="small">
        The account that buys the subscription owns the home: it pays once, in XRT, and later signs
        the list of the home's devices. Connect it with your wallet.
      </p>
      <WalletPanel />
      {owner && minimalBid !== undefined && !subscription?.active && (
        <PurchaseNeeds minimalBid={minimalBid} balance={balance} />
      )}
      {owner && guide.network !== 'local' && (
        <p className="small">
          XRT can be had on{' '}
          {XRT_MARKETS.map((market, i) => (
            <span key={market.href}>
              {i > 0 && (i === XRT_MARKETS.length - 1 ? ' and ' : ', ')}
              <a href={market.href} target="_blank" rel="noopener noreferrer">
                {market.label}
              </a>
            </span>
          ))}
          .
        </p>
      )}
      {guide.network === 'local' && (
        <p className="small muted">
          On the local devnet, "Development accounts" in the wallet list hold 1,000,000 XRT each.
        </p>
      )}
    </div>
  );
}
