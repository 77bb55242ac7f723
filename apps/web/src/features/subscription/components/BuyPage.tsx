import { buySubscription, prepareBuy } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { purchaseNeeds } from '@robonomics-dapp/robonomics/rws/buy';
import { expiryOf, isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import {
  TARGET_HAS_SUBSCRIPTION,
  transferTargetProblem,
} from '@robonomics-dapp/robonomics/rws/transfer';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Address } from '../../../components/Address.tsx';
import { Amount } from '../../../components/Amount.tsx';
import { ChainNetwork } from '../../../components/ChainNetwork.tsx';
import { usePurchaseFacts } from '../../../components/FactsCheck.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { PurchaseNeeds } from '../../../components/PurchaseNeeds.tsx';
import { SentTransactionLine } from '../../../components/SentTransactionLine.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { usePurchaseGate } from '../../../components/use-purchase-gate.ts';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { bindPendingGift } from '../../../lib/actions/pending-gift-check.ts';
import { NoSignerError, originOf, readyClient } from '../../../lib/actions/send-action.ts';
import { useBalance } from '../../../lib/chain/use-balance.ts';
import { useFee } from '../../../lib/chain/use-fee.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useRuntimeHasCall } from '../../../lib/chain/use-runtime-features.ts';
import { confirmPurchasedDevices } from '../../../lib/storage/confirmed-subscription-devices.ts';
import { forgetPendingGift, writePendingGift } from '../../../lib/storage/pending-gifts.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { randomSetupName, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { formatDate } from '../../../lib/time/format-date.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { useBuyDevices } from '../hooks/use-buy-devices.tsx';
import { useOffer } from '../hooks/use-offer.ts';
import { GiftPanel } from './GiftPanel.tsx';

/**
 * The renewal of one saved setup (`?owner=`, from a reminder's Renew): the owner's account is
 * chosen in the connected wallet once, when it has it; the page says whose subscription this is
 * and, while it still runs, that a new one would replace it.
 */
function RenewalFor({ owner }: { owner: string }) {
  const now = useNow();
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const setup = useSavedSetups((s) =>
    s.setups.find((x) => x.network === network && addressEq(x.owner, owner)),
  );
  const { status, accounts, address, select } = useWallet();
  const ledger = useLedger(owner);
  const chosen = useRef(false);
  const inWallet = accounts.find((a) => addressEq(a.address, owner));
  useEffect(() => {
    if (chosen.current || !inWallet) return;
    chosen.current = true;
    if (!address || !addressEq(address, inWallet.address)) select(inWallet.address);
  }, [inWallet, address, select]);
  const expiry = ledger ? expiryOf(ledger) : null;
  return (
    <div className="stack-s" data-testid="renewal-for">
      <p>
        Renewing <strong>{setup?.name ?? 'a subscription'}</strong>, owned by{' '}
        <Address address={owner} />.
      </p>
      {status === 'connected' && !inWallet && (
        <p className="error small">
          The connected wallet does not hold this setup’s owner account: connect the wallet that
          does to renew it.
        </p>
      )}
      {ledger && expiry !== null && isSubscriptionActive(ledger, now) && (
        <p className="small muted">
          The subscription runs until {formatDate(expiry)}. A new one starts when its auction closes
          and replaces the current one, so the days left would be lost: renew once it has ended.
        </p>
      )}
    </div>
  );
}

export function BuyPage() {
  const [search] = useSearchParams();
  const renewing = search.get('owner');
  const now = useNow();
  const endpoint = useChain((s) => s.endpoint);
  const network = networkOfEndpoint(endpoint);
  const { loaded, price, minimalBid, available } = useOffer();
  const address = useWallet((s) => s.address);
  const balance = useBalance(address);
  const ledger = useLedger(address);
  const tx = useTx('The activation process has been canceled.', `${endpoint}|${address}`);
  const purchaseFacts = usePurchaseFacts();
  const addSetup = useSavedSetups((s) => s.addSetup);
  const [beneficiary, setBeneficiary] = useState('');
  const canTransfer = useRuntimeHasCall('RWS', 'transfer');
  const expired = ledger !== null && ledger !== undefined && !isSubscriptionActive(ledger, now);
  // Direct call: the buyer signs and pays, so the fee is shown before signing.
  const buyDevices = useBuyDevices(address);
  const devices = buyDevices.devices;
  const fee = useFee(
    address,
    async (c) => (address && devices ? (await prepareBuy(c, address, devices)).tx : null),
    `${available}:${ledger?.issueTime}:${devices?.shown.join()}:${devices?.keep.join()}`,
  );
  const required = minimalBid === undefined ? undefined : purchaseNeeds(minimalBid).required;
  const gate = usePurchaseGate(address, {
    balance: balance?.transferable,
    minimalBid,
    available,
    ledger,
  });

  const onBuy = () =>
    tx.run(async (signed) => {
      const ready = readyClient();
      const origin = originOf('wallet');
      if (!address) throw new NoSignerError();
      if (!devices)
        throw new Error("This account's device list is still being read from the chain.");
      const gift = beneficiary.trim();
      if (gift) {
        // The beneficiary is checked before the bid: the hand-over after the auction must work.
        if (!canTransfer) {
          throw new Error(
            'Buying for someone else needs a runtime that can transfer a subscription, which this network does not have yet.',
          );
        }
        const problem = transferTargetProblem(gift, address);
        if (problem) throw new Error(problem);
        if (await fetchLedger(ready, gift)) throw new Error(TARGET_HAS_SUBSCRIPTION);
      }
      // The gift is remembered bound to what the purchase creates (pending-gifts.ts); a purchase
      // for oneself forgets an older gift, whose auction could not be told from this one.
      const bid: { auction?: number; kept?: Promise<unknown> } = {};
      const bought = await buySubscription({
        client: ready,
        devices,
        ...origin,
        onSigned: signed,
        onBid: (auction) => {
          bid.auction = auction;
          if (!gift) forgetPendingGift(endpoint, address);
          else {
            const record = { buyer: address, beneficiary: gift, auction, issueTime: null };
            bid.kept = writePendingGift(endpoint, {
              ...record,
              genesis: ready.genesisHash,
              at: Date.now(),
            }).catch(() => null);
          }
        },
        checkFacts: purchaseFacts.checkFacts,
        tracking: purchaseFacts.tracking,
      });
      if (gift && bid.auction !== undefined) {
        await bid.kept;
        await bindPendingGift(endpoint, address, bid.auction, bought).catch(() => {});
      }
      confirmPurchasedDevices(endpoint, address, devices);
      const existing = useSavedSetups
        .getState()
        .setups.find((s) => addressEq(s.owner, address) && s.network === network);
      addSetup({ owner: address, name: existing?.name ?? randomSetupName(), network });
      return 'Subscription has been activated. Please, check the list of your setups.';
    });

  return (
    <>
      <PageHeading title="Buy a Subscription">
        An RWS subscription is sold at an on-chain auction for XRT and pays for your home's
        transactions.
      </PageHeading>
      {address && <GiftPanel buyer={address} />}
      <div className="grid-2">
        <section className="card stack" aria-labelledby="buy-account-title">
          <h2 id="buy-account-title">Connect an account</h2>
          <WalletPanel />
        </section>
        <section className="card stack" aria-labelledby="buy-title">
          <h2 id="buy-title">Subscription</h2>
          {renewing !== null &&
            (isValidAddress(renewing) ? (
              <RenewalFor owner={renewing} />
            ) : (
              <p className="error small">This renew link names no valid account.</p>
            ))}
          {/* Said also while the chain's data is loading: a bid signed before a reload. */}
          <SentTransactionLine record={gate.record} />
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
              {minimalBid !== undefined && (
                <PurchaseNeeds
                  minimalBid={minimalBid}
                  balance={address ? balance?.transferable : undefined}
                />
              )}
              {buyDevices.view}
              <details className="stack-s">
                <summary className="small">Buy it for someone else</summary>
                {canTransfer === false ? (
                  <p className="small muted" data-testid="gift-unavailable">
                    Not available on this network yet: its runtime cannot transfer a subscription.
                  </p>
                ) : (
                  <>
                    <label htmlFor="buy-beneficiary" className="small">
                      Their Robonomics address (the bid is yours; once the auction is won, the
                      subscription is transferred to them)
                    </label>
                    <input
                      id="buy-beneficiary"
                      className="input mono"
                      value={beneficiary}
                      onChange={(e) => setBeneficiary(e.target.value)}
                    />
                  </>
                )}
              </details>
              {!address && <p className="small muted">Please, connect the account to proceed.</p>}
              <TxButton
                status={tx.status}
                outcome={tx.outcome}
                onClick={onBuy}
                disabled={!address || !devices}
                refusal={tx.status === 'NEW' || tx.status === 'READY' ? gate.refusal : null}
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
              {purchaseFacts.view}
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
