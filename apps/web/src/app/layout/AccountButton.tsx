import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { useEffect } from 'react';
import { usePopover } from '../../components/use-popover.ts';
import { WalletPanel } from '../../components/WalletPanel.tsx';
import { startMetadataOffer } from '../../lib/wallet/metadata-offer.ts';
import { useWallet } from '../../lib/wallet/wallet-store.ts';

/** Wallet connection and account choice, with the chosen account's balance. */
export function AccountButton() {
  const wallet = useWallet();
  const popover = usePopover();
  const account = wallet.accounts.find(
    (a) => wallet.address !== null && addressEq(a.address, wallet.address),
  );

  useEffect(() => {
    void useWallet.getState().restore();
    startMetadataOffer();
  }, []);

  return (
    <div className="popover-host" ref={popover.hostRef}>
      <button type="button" className="button chip" {...popover.trigger}>
        <span className="chip-text">
          {account
            ? account.name
            : wallet.status === 'connecting'
              ? 'Connecting…'
              : 'Connect wallet'}
        </span>
      </button>
      {popover.open && (
        <div className="popover" id={popover.panelId} role="dialog" aria-label="Account">
          <WalletPanel />
        </div>
      )}
    </div>
  );
}
