import { useEffect, useId, useState } from 'react';
import { WalletPanel } from '../../components/WalletPanel.tsx';
import { useWallet } from '../../lib/wallet/wallet-store.ts';

/** Wallet connection and account choice, with the chosen account's balance. */
export function AccountButton() {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const account = wallet.accounts.find((a) => a.address === wallet.address);

  useEffect(() => {
    void useWallet.getState().restore();
  }, []);

  return (
    <div className="popover-host">
      <button
        type="button"
        className="button chip"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="chip-text">
          {account
            ? account.name
            : wallet.status === 'connecting'
              ? 'Connecting…'
              : 'Connect wallet'}
        </span>
      </button>
      {open && (
        <div className="popover" id={panelId} role="dialog" aria-label="Account">
          <WalletPanel />
        </div>
      )}
    </div>
  );
}
