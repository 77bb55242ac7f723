import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { useId } from 'react';
import { useBalance } from '../lib/chain/use-balance.ts';
import { isDevnetEndpoint } from '../lib/shell/config.ts';
import { useChain } from '../lib/stores/chain-store.ts';
import { isInstalled, WALLETS } from '../lib/wallet/injected.ts';
import { DEV_WALLET, useWallet } from '../lib/wallet/wallet-store.ts';
import { Address } from './Address.tsx';
import { Amount } from './Amount.tsx';

/** Choose a wallet and an account; shows the account's address and balance. */
export function WalletPanel() {
  const wallet = useWallet();
  const id = useId();
  const balance = useBalance(wallet.address);
  const account = wallet.accounts.find(
    (a) => wallet.address !== null && addressEq(a.address, wallet.address),
  );
  // Development keys are offered only against this build's own devnet, never any other node.
  const local = isDevnetEndpoint(useChain((s) => s.endpoint));
  return (
    <div className="stack-s">
      {wallet.status === 'connected' && wallet.accounts.length === 0 && (
        <p className="error small">
          Account not found: add or allow an account for this site in your wallet.
        </p>
      )}
      {wallet.accounts.length > 0 && (
        <>
          <label htmlFor={`${id}-account`}>Account</label>
          <select
            id={`${id}-account`}
            className="input"
            value={wallet.address ?? ''}
            onChange={(e) => wallet.select(e.target.value)}
          >
            {wallet.accounts.map((a) => (
              <option key={a.address} value={a.address}>
                {a.name} ({a.address.slice(0, 6)}…{a.address.slice(-6)})
              </option>
            ))}
          </select>
          {wallet.address && (
            <dl className="facts small">
              <dt>Address</dt>
              <dd>
                <Address address={wallet.address} />
              </dd>
              <dt>Balance</dt>
              <dd data-testid="account-balance">
                {balance ? (
                  <Amount planck={balance.transferable} />
                ) : (
                  <span className="muted">loading…</span>
                )}
              </dd>
              <dt>Type</dt>
              <dd>{account?.type}</dd>
            </dl>
          )}
        </>
      )}
      {wallet.error && (
        <p className="error small" role="alert">
          {wallet.error}
        </p>
      )}
      <p className="muted small">{wallet.wallet ? 'Switch wallet' : 'Choose a wallet'}</p>
      <ul className="plain-list stack-s">
        {WALLETS.map((w) => (
          <li key={w.key}>
            {isInstalled(w.key) ? (
              <button
                type="button"
                className="button block"
                aria-pressed={wallet.wallet === w.key}
                onClick={() => void wallet.connect(w.key)}
              >
                {w.name}
              </button>
            ) : (
              <a
                className="button block"
                href={w.installUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Install {w.name}
              </a>
            )}
          </li>
        ))}
        {local && (
          <li>
            <button
              type="button"
              className="button block"
              aria-pressed={wallet.wallet === DEV_WALLET}
              onClick={() => void wallet.connect(DEV_WALLET)}
            >
              Development accounts
              <span className="muted small"> (local devnet only: well-known test keys)</span>
            </button>
          </li>
        )}
      </ul>
      {wallet.wallet && (
        <button type="button" className="button" onClick={wallet.disconnect}>
          Disconnect accounts
        </button>
      )}
    </div>
  );
}
