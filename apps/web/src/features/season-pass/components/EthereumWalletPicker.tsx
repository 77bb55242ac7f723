import type { useEthereumWallet } from '../hooks/use-ethereum-wallet.ts';

type Wallet = ReturnType<typeof useEthereumWallet>;

/** The Ethereum wallets found in this browser (EIP-6963 and window.ethereum). */
export function EthereumWalletPicker({ wallet }: { wallet: Wallet }) {
  if (wallet.wallets.length === 0) return null;
  return (
    <div className="stack-s">
      <p className="small muted">Ethereum wallet</p>
      <div className="row">
        {wallet.wallets.map((w) => (
          <button
            key={w.info.uuid}
            type="button"
            className="button"
            aria-pressed={wallet.wallet?.info.uuid === w.info.uuid}
            onClick={() => wallet.choose(w.info.rdns)}
          >
            {w.info.icon.startsWith('data:image/') && (
              <img src={w.info.icon} alt="" width="18" height="18" />
            )}
            {w.info.name}
          </button>
        ))}
      </div>
      {wallet.account && (
        <p className="small">
          Account: <span className="mono break">{wallet.account}</span>
        </p>
      )}
    </div>
  );
}
