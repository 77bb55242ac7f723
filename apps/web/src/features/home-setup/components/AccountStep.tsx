import { encodeAddress } from '@dedot/utils';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { Amount } from '../../../components/Amount.tsx';
import { PurchaseNeeds } from '../../../components/PurchaseNeeds.tsx';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { isDevnetEndpoint } from '../../../lib/shell/config.ts';
import { XRT_MARKETS } from '../../../lib/shell/xrt-markets.ts';
import { DEV_WALLET, useWallet } from '../../../lib/wallet/wallet-store.ts';
import type { Guide } from '../hooks/use-guide.ts';

/** The devnet's development accounts a new owner may take, in the wallet's order (not Alice). */
const NEWCOMER_NAMES = ['Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'];

/** The first development account without a subscription, read from the chain. */
function useFreeDevAccount(enabled: boolean, connected: string | null) {
  // Read again whenever the connected account changes (it may have just bought one).
  const key = enabled ? ['dev-account-without-subscription', connected] : null;
  return useChainQuery(key, async (client) => {
    for (const name of NEWCOMER_NAMES) {
      const address = encodeAddress(pairFromUri(`//${name}`, 'sr25519').publicKey, 32);
      if ((await fetchLedger(client, address)) === null) return { name, address };
    }
    return null;
  });
}

/**
 * On the devnet: a development account without a subscription, so the guide is walked as a new
 * owner. "Development accounts" alone connects Alice, who holds the demo home: her setup is
 * done already, and following the guide with her sets the demo home up again.
 */
function NewOwnerProposal({ guide }: { guide: Guide }) {
  const wallet = useWallet();
  const devnet = isDevnetEndpoint(guide.endpoint);
  const subscribed = guide.facts.subscription?.active === true;
  const wanted = devnet && (!guide.facts.owner || (subscribed && wallet.wallet === DEV_WALLET));
  const { data: free, error } = useFreeDevAccount(wanted, guide.facts.owner);
  const [busy, setBusy] = useState(false);
  if (!wanted) return null;
  const use = async (address: string) => {
    setBusy(true);
    try {
      if (useWallet.getState().wallet !== DEV_WALLET)
        await useWallet.getState().connect(DEV_WALLET);
      useWallet.getState().select(address);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack-s" data-testid="new-owner-proposal">
      {free ? (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => void use(free.address)}
        >
          Use {free.name}, a development account without a subscription
        </button>
      ) : (
        free === null && (
          <p className="small notice-warn">
            Every development account has a subscription on this devnet already: start it again with{' '}
            <code>--reset</code> to walk the setup as a new owner, or connect another account.
          </p>
        )
      )}
      {error && <p className="small error">{error}</p>}
      <p className="small muted">
        Alice, the first development account, holds the demo home: its subscription, controller and
        users exist already, so the guide would show her setup done.
      </p>
    </div>
  );
}

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
      <NewOwnerProposal guide={guide} />
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
      {!owner && <NewOwnerProposal guide={guide} />}
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
