import { buySubscription, prepareBuy } from '@robonomics-dapp/robonomics/chain/buy-subscription';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/endpoint';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { Amount } from '../../../components/Amount.tsx';
import { ChainNetwork } from '../../../components/ChainNetwork.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { randomSetupName, useSavedSetups } from '../../../lib/saved-setups.ts';
import { useBalance } from '../../../lib/use-balance.ts';
import { useFee } from '../../../lib/use-fee.ts';
import { useLedger } from '../../../lib/use-ledger.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { useBuyDevices } from '../hooks/use-buy-devices.tsx';
import { useOffer } from '../hooks/use-offer.ts';

export function BuyPage() {
  const now = useNow();
  const { client, endpoint } = useChain();
  const network = networkOfEndpoint(endpoint);
  const { loaded, price, minimalBid, available } = useOffer();
  const address = useWallet((s) => s.address);
  const balance = useBalance(address);
  const ledger = useLedger(address);
  const tx = useTx('The activation process has been canceled.');
  const addSetup = useSavedSetups((s) => s.addSetup);
  const expired = ledger !== null && ledger !== undefined && !isSubscriptionActive(ledger, now);
  // Direct call: the buyer signs and pays, so the fee is shown before signing.
  const buyDevices = useBuyDevices(address);
  const devices = buyDevices.devices;
  const fee = useFee(
    address,
    async (c) => (address && devices ? (await prepareBuy(c, address, devices)).tx : null),
    `${available}:${ledger?.issueTime}:${devices?.shown.join()}:${devices?.keep.join()}`,
  );
  const required = minimalBid === undefined ? undefined : minimalBid + 1n + 10_000_000n;

  const onBuy = () =>
    tx.run(async (signed) => {
      const origin = useWallet.getState().origin();
      if (!address || !origin) throw new Error('Signer required');
      if (!devices)
        throw new Error("This account's device list is still being read from the chain.");
      await buySubscription({ client, devices, ...origin, onSigned: signed });
      const existing = useSavedSetups
        .getState()
        .setups.find((s) => s.owner === address && s.network === network);
      addSetup({ owner: address, name: existing?.name ?? randomSetupName(), network });
      return 'Subscription has been activated. Please, check the list of your setups.';
    });

  return (
    <>
      <PageHeading title="Buy a Subscription">
        An RWS subscription is sold at an on-chain auction for XRT and pays for your home's
        transactions.
      </PageHeading>
      <div className="grid-2">
        <section className="card stack" aria-labelledby="buy-account-title">
          <h2 id="buy-account-title">Connect an account</h2>
          <WalletPanel />
        </section>
        <section className="card stack" aria-labelledby="buy-title">
          <h2 id="buy-title">Subscription</h2>
          {!loaded ? (
            <p className="loading" role="status">
              Loading data from chain
            </p>
          ) : (
            <>
              <dl className="facts" data-testid="buy-facts">
                <dt>Chosen network</dt>
                <dd>
                  <ChainNetwork />
                </dd>
                {ledger && (
                  <>
                    <dt>Your current subscription</dt>
                    <dd>
                      <SubscriptionDate ledger={ledger} now={now} />
                    </dd>
                  </>
                )}
                <dt>Your balance</dt>
                <dd
                  className={
                    balance && required !== undefined
                      ? balance.transferable >= required
                        ? 'ok'
                        : 'error'
                      : undefined
                  }
                >
                  {!address ? '—' : balance ? <Amount planck={balance.transferable} /> : 'loading…'}
                </dd>
                <dt>Subscription price</dt>
                <dd>{price === undefined ? '—' : <Amount planck={price} price />}</dd>
                <dt>Activation time</dt>
                <dd>~ 2 min</dd>
                <dt>Available subscriptions</dt>
                <dd>{available ?? '…'}</dd>
              </dl>
              {buyDevices.view}
              {!address && <p className="small muted">Please, connect the account to proceed.</p>}
              <TxButton
                status={tx.status}
                outcome={tx.outcome}
                onClick={onBuy}
                disabled={!address || !devices}
                fee={
                  fee !== null ? (
                    <span data-testid="buy-fee">
                      Network fee: <Amount planck={fee} shown={6} />
                    </span>
                  ) : undefined
                }
                labels={{
                  idle: expired ? 'Renew subscription' : 'Buy subscription',
                  working: 'Processing',
                  done: 'Subscription activated',
                  failed: 'Something went wrong',
                }}
              />
              {tx.status === 'WAIT_TX' && (
                <p className="small muted" role="status">
                  Please, sign and wait here for the activation process: the subscription starts
                  when the auction closes, in about 2 minutes.
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
