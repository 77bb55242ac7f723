import { buySubscription } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { transferTx } from '@robonomics-dapp/robonomics/chain/tx/transfer';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { generateMnemonic, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import {
  PASSWORD_RULE_TEXT,
  passwordWeakness,
} from '@robonomics-dapp/robonomics/crypto/password-strength';
import { formatBalance, parseAmount } from '@robonomics-dapp/robonomics/rws/format';
import type { IKeyringPair } from 'dedot/types';
import { useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { Amount, UnknownNetworkMark } from '../../../components/Amount.tsx';
import { usePurchaseFacts } from '../../../components/FactsCheck.tsx';
import { HiddenUsername } from '../../../components/HiddenUsername.tsx';
import { KeyKeepingNote } from '../../../components/KeyKeepingNote.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { SentTransactionLine } from '../../../components/SentTransactionLine.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { TxButton } from '../../../components/TxButton.tsx';
import { usePurchaseGate } from '../../../components/use-purchase-gate.ts';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { readyClient, sendAction } from '../../../lib/actions/send-action.ts';
import { useBalance } from '../../../lib/chain/use-balance.ts';
import { useFee } from '../../../lib/chain/use-fee.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { safeStorage } from '../../../lib/storage/safe-storage.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { randomSetupName, useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { keepingRefusal, keyKeepingCheck } from '../../../lib/user-key/key-keeping-check.ts';
import { useKeyKeeping } from '../../../lib/user-key/use-key-keeping.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { encryptSecret } from '../encrypted-secret.ts';
import { useBuyDevices } from '../hooks/use-buy-devices.tsx';
import { useOffer } from '../hooks/use-offer.ts';

type KeyType = 'sr25519' | 'ed25519';

interface GeneratedAccount {
  address: string;
  type: KeyType;
  mnemonic: string;
  pair: IKeyringPair;
}

const SAVED_ACCOUNTS_KEY = 'robonomics-dapp.generated-accounts.v1';

async function generateAccount(type: KeyType): Promise<GeneratedAccount> {
  const mnemonic = generateMnemonic();
  const pair = toKeyringPair(pairFromUri(mnemonic, type));
  return { address: pair.address, type, mnemonic, pair };
}

function GeneratePanel({
  account,
  onGenerated,
}: {
  account: GeneratedAccount | null;
  onGenerated: (a: GeneratedAccount) => void;
}) {
  const id = useId();
  const [type, setType] = useState<KeyType>('sr25519');
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [saveMessage, setSaveMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const keeping = useKeyKeeping();

  const onGenerate = async () => {
    setBusy(true);
    setSaveMessage(null);
    try {
      onGenerated(await generateAccount(type));
    } finally {
      setBusy(false);
    }
  };

  const onSave = async () => {
    if (!account) return;
    try {
      const weakness = passwordWeakness(passphrase);
      if (weakness) throw new Error(weakness);
      // Only once this visit found that keys may be kept here (refused, or no answer: not kept).
      const refusal = keepingRefusal(await keyKeepingCheck.answered());
      if (refusal) {
        throw new Error(
          `The account was not saved in this browser: ${refusal} Write the secret phrase down instead.`,
        );
      }
      const sealed = await encryptSecret(account.mnemonic, passphrase);
      const saved = JSON.parse(safeStorage.get(SAVED_ACCOUNTS_KEY) ?? '[]') as unknown[];
      const list = Array.isArray(saved) ? saved : [];
      list.push({
        address: account.address,
        type: account.type,
        secret: sealed,
        savedAt: Date.now(),
      });
      if (!safeStorage.set(SAVED_ACCOUNTS_KEY, JSON.stringify(list)))
        throw new Error('This browser did not let the app save data.');
      setPassphrase('');
      setSaveMessage({ ok: true, text: 'Saved in this browser, encrypted with your passphrase.' });
    } catch (error) {
      setSaveMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Generate New Account</h2>
      <fieldset className="row plain">
        <legend className="small muted">Choose type</legend>
        {(['sr25519', 'ed25519'] as const).map((t) => (
          <label key={t} className="row small">
            <input
              type="radio"
              name={`${id}-type`}
              value={t}
              checked={type === t}
              onChange={() => setType(t)}
            />
            {t}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button primary" onClick={onGenerate} disabled={busy}>
        {busy ? 'Generating…' : 'Generate New Account'}
      </button>
      {account && (
        <div className="stack-s" data-testid="generated-account">
          <h3>Generated Account</h3>
          <p className="notice-warn small">
            Write down the secret phrase now. It is shown only here and is kept in this tab's memory
            only: close the tab and it is gone unless you saved it below.
          </p>
          <dl className="facts small">
            <dt>Address</dt>
            <dd>
              <Address address={account.address} />
            </dd>
            <dt>Type</dt>
            <dd>{account.type}</dd>
            <dt>Secret phrase</dt>
            <dd className="mono break" data-testid="generated-mnemonic">
              {account.mnemonic}
            </dd>
          </dl>
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard.writeText(account.mnemonic).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy the secret phrase'}
          </button>
          {keeping.state === 'allowed' ? (
            <>
              <label htmlFor={`${id}-pass`} className="small">
                Save it in this browser, encrypted with a passphrase (optional)
              </label>
              <form
                className="row"
                aria-label="Save the secret phrase encrypted"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (passphrase !== '') void onSave();
                }}
              >
                <HiddenUsername value={account.address} />
                <input
                  id={`${id}-pass`}
                  type="password"
                  className="input"
                  autoComplete="new-password"
                  value={passphrase}
                  onChange={(e) => setPassphrase(e.target.value)}
                  aria-describedby={`${id}-pass-rule`}
                />
                <button type="submit" className="button" disabled={passphrase === ''}>
                  Save encrypted
                </button>
              </form>
              <p id={`${id}-pass-rule`} className="small muted">
                {PASSWORD_RULE_TEXT}
              </p>
            </>
          ) : (
            <KeyKeepingNote answer={keeping} instead="Write the secret phrase down instead." />
          )}
          {saveMessage && (
            <p className={saveMessage.ok ? 'ok small' : 'error small'}>{saveMessage.text}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** Checks a transfer before it is signed; returns a message or null. */
function transferProblem(
  recipient: string,
  amountText: string,
  sender: string | null,
  transferable: bigint | undefined,
  decimals: number,
) {
  if (!isValidAddress(recipient))
    return { error: 'Please enter a valid recipient address' } as const;
  const amount = parseAmount(amountText, decimals);
  if (!amount.ok) return { error: amount.error } as const;
  if (sender && addressEq(sender, recipient))
    return { error: 'Cannot transfer to yourself' } as const;
  if (transferable !== undefined && amount.planck > transferable)
    return { error: 'Insufficient balance' } as const;
  return { planck: amount.planck } as const;
}

function TransferPanel({
  recipient: generated,
  onTransferred,
}: {
  recipient: string;
  onTransferred: () => void;
}) {
  const id = useId();
  const decimals = useChain((s) => s.decimals);
  const symbol = useChain((s) => s.tokenSymbol);
  const sender = useWallet((s) => s.address);
  const balance = useBalance(sender);
  const recipientBalance = useBalance(generated);
  const [recipient, setRecipient] = useState(generated);
  const [amount, setAmount] = useState('2');
  const tx = useTx('The transfer was cancelled.');
  const check = transferProblem(recipient, amount, sender, balance?.transferable, decimals);
  const planck = 'error' in check ? null : (check.planck ?? null);
  const fee = useFee(
    sender,
    (c) => (planck === null ? null : transferTx(c, recipient, planck)),
    `${recipient}:${planck}`,
  );

  const onSend = () =>
    tx.run(async (signed) => {
      const ready = readyClient();
      if ('error' in check) throw new Error(check.error);
      const existentialDeposit = ready.consts.balances.existentialDeposit;
      if ((recipientBalance?.free ?? 0n) === 0n && check.planck < existentialDeposit) {
        throw new Error(
          `The amount is below the existential deposit a new account needs (${formatBalance(existentialDeposit, decimals, 6)} ${symbol}).`,
        );
      }
      await sendAction({
        call: (c) => transferTx(c, recipient, check.planck),
        onSigned: signed,
        purpose: 'transfer',
        what: 'transfer to the new account',
      });
      onTransferred();
      return 'Transfer completed successfully!';
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send XRT from your connected account to the generated one</h2>
      <label htmlFor={`${id}-to`}>Recipient</label>
      <input
        id={`${id}-to`}
        className="input mono"
        value={recipient}
        onChange={(e) => setRecipient(e.target.value)}
      />
      <label htmlFor={`${id}-amount`}>
        Amount ({symbol})
        <UnknownNetworkMark />
      </label>
      <input
        id={`${id}-amount`}
        className="input"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={'error' in check}
      />
      {'error' in check && tx.status !== 'WAIT_TX' && <p className="error small">{check.error}</p>}
      <p className="small muted">
        Your balance:{' '}
        {sender ? (
          balance ? (
            <Amount planck={balance.transferable} />
          ) : (
            '…'
          )
        ) : (
          'connect an account first'
        )}
      </p>
      <TxButton
        status={tx.status}
        outcome={tx.outcome}
        onClick={onSend}
        disabled={!sender || 'error' in check}
        fee={
          fee !== null ? (
            <span data-testid="transfer-fee">
              Network fee: <Amount planck={fee} shown={6} />
            </span>
          ) : undefined
        }
        labels={{ idle: 'Send', working: 'Processing transfer…', done: 'Sent', failed: 'Send' }}
      />
    </section>
  );
}

function BuyForGeneratedPanel({ account }: { account: GeneratedAccount }) {
  const id = useId();
  const now = useNow();
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const balance = useBalance(account.address);
  const ledger = useLedger(account.address);
  const { available, minimalBid } = useOffer();
  const addSetup = useSavedSetups((s) => s.addSetup);
  const tx = useTx('The activation process has been canceled.', account.address);
  const gate = usePurchaseGate(account.address, {
    balance: balance?.transferable,
    minimalBid,
    available,
    ledger,
  });
  const buyDevices = useBuyDevices(account.address);
  const purchaseFacts = usePurchaseFacts();

  const onBuy = () =>
    tx.run(async (signed) => {
      const ready = readyClient();
      const devices = buyDevices.devices;
      if (!devices)
        throw new Error("This account's device list is still being read from the chain.");
      // Signed by the generated key: only then does the new account own the subscription.
      await buySubscription({
        client: ready,
        devices,
        from: account.pair,
        onSigned: signed,
        checkFacts: purchaseFacts.checkFacts,
        tracking: purchaseFacts.tracking,
      });
      addSetup({ owner: account.address, name: randomSetupName(), network });
      return 'Subscription has been activated for the new account. It is in your setups.';
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Create subscription for the new account</h2>
      <dl className="facts small">
        <dt>Account</dt>
        <dd>
          <Address address={account.address} />
        </dd>
        <dt>Balance</dt>
        <dd data-testid="generated-balance">
          {balance ? <Amount planck={balance.transferable} /> : '…'}
        </dd>
        <dt>Free auctions</dt>
        <dd>{available ?? '…'}</dd>
        {ledger && (
          <>
            <dt>Subscription</dt>
            <dd>
              <SubscriptionDate ledger={ledger} now={now} />
            </dd>
          </>
        )}
      </dl>
      {buyDevices.view}
      <TxButton
        status={tx.status}
        outcome={tx.outcome}
        onClick={onBuy}
        disabled={!buyDevices.devices}
        refusal={tx.status === 'NEW' || tx.status === 'READY' ? gate.refusal : null}
        labels={{
          idle: 'Buy',
          working: 'Processing',
          done: 'Subscription activated',
          failed: 'Buy',
        }}
      />
      {purchaseFacts.view}
      <SentTransactionLine record={gate.record} />
    </section>
  );
}

export function SubscriptionAccountPage() {
  const [account, setAccount] = useState<GeneratedAccount | null>(null);
  const [transferred, setTransferred] = useState(false);
  return (
    <>
      <PageHeading title="New Subscription renewal setup">
        Create a fresh account, fund it from your wallet and buy a subscription that it owns.
      </PageHeading>
      <div className="grid-2">
        <section className="card stack" aria-labelledby="account-choose">
          <h2 id="account-choose">Choose an account</h2>
          <p className="small muted">
            The account that pays. Switch the network with the button at the top.
          </p>
          <WalletPanel />
        </section>
        <GeneratePanel
          account={account}
          onGenerated={(a) => {
            setAccount(a);
            setTransferred(false);
          }}
        />
        {account && (
          <TransferPanel
            key={account.address}
            recipient={account.address}
            onTransferred={() => setTransferred(true)}
          />
        )}
        {account && transferred && <BuyForGeneratedPanel account={account} />}
      </div>
    </>
  );
}
