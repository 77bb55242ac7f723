import {
  isValidAddress,
  toRobonomicsAddress,
} from '@robonomics-dapp/robonomics/chain/model/address';
import { addressEq, includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { SETUP_FILE_MAX_LENGTH } from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import { restoreSetups } from '@robonomics-dapp/robonomics/home-assistant/setup-file/restore';
import { type ChangeEvent, type DragEvent, type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SparklesIcon } from '../../../components/icons.tsx';
import { KeyKeepingNote } from '../../../components/KeyKeepingNote.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { useDeviceListWrite } from '../../../components/use-device-list-write.tsx';
import { useTx } from '../../../components/use-tx.ts';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { NoSignerError, readyClient } from '../../../lib/actions/send-action.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { routePaths } from '../../../lib/shell/route-table.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import {
  randomSetupName,
  useSavedSetups,
  withoutControllerKey,
} from '../../../lib/stores/saved-setups.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { keepingRefusal, keyKeepingCheck } from '../../../lib/user-key/key-keeping-check.ts';
import { useKeyKeeping } from '../../../lib/user-key/use-key-keeping.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { GenerateController, type GeneratedController } from './GenerateController.tsx';

function AddByOwner({ network }: { network: string }) {
  const id = useId();
  const now = useNow();
  const navigate = useNavigate();
  const addSetup = useSavedSetups((s) => s.addSetup);
  const connected = useWallet((s) => s.address);
  const [mode, setMode] = useState<'manual' | 'wallet'>('manual');
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const owner =
    mode === 'wallet' ? connected : isValidAddress(typed) ? toRobonomicsAddress(typed) : null;
  // The subscription of a valid owner is read as soon as it is typed.
  const ledger = useLedger(owner);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!owner) {
      setError("Please, add a correct owner's address");
      return;
    }
    if (ledger === null) {
      setError(
        "No subscription found for this account. Please check the owner's address or consider buying a subscription.",
      );
      return;
    }
    if (ledger === undefined) {
      setError('The subscription is still being read from the chain. Try again in a moment.');
      return;
    }
    addSetup({ owner, name: name.trim().slice(0, 100) || randomSetupName(), network });
    navigate(routePaths.setups);
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add by owner</h2>
      <p className="small muted">
        If you already have a subscription, add it here with the owner's address only, even if it
        has expired.
      </p>
      <Tabs
        label="How to give the owner"
        value={mode}
        onChange={setMode}
        options={[
          { id: 'manual', label: 'Manually' },
          { id: 'wallet', label: 'With extension' },
        ]}
      />
      <form className="stack-s" onSubmit={onAdd}>
        {mode === 'manual' ? (
          <>
            <label htmlFor={`${id}-owner`}>Owner address</label>
            <input
              id={`${id}-owner`}
              className="input mono"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(null);
              }}
              aria-invalid={typed !== '' && !owner}
            />
          </>
        ) : (
          <WalletPanel />
        )}
        {owner && (
          <p className="small" data-testid="owner-subscription">
            {ledger === undefined ? (
              'Reading the subscription…'
            ) : ledger ? (
              <>
                Subscription: <SubscriptionDate ledger={ledger} now={now} />
              </>
            ) : (
              'Subscription not found'
            )}
          </p>
        )}
        <label htmlFor={`${id}-name`}>Name of setup (dapp only)</label>
        <div className="row">
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button
            type="button"
            className="button"
            onClick={() => setName(randomSetupName())}
            aria-label="Suggest a name"
            title="Suggest a name"
          >
            <SparklesIcon />
          </button>
        </div>
        {error && (
          <p className="error small" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary">
          Add setup
        </button>
      </form>
    </section>
  );
}

/**
 * "Generate a setup": the connected owner creates a new controller account and the setup in one
 * go; the controller joins the owner's devices unless it is already there.
 */
function GenerateSetup({ network }: { network: string }) {
  const id = useId();
  const _client = useChain((s) => s.client);
  const signer = useWallet((s) => s.address);
  const { addSetup, setups } = useSavedSetups();
  const [typedOwner, setTypedOwner] = useState('');
  const [name, setName] = useState('');
  const owner = typedOwner.trim() || signer || '';
  const ownerAddress = isValidAddress(owner) ? toRobonomicsAddress(owner) : '';
  const { write, review } = useDeviceListWrite(
    ownerAddress,
    deviceNameOf(setups.find((s) => addressEq(s.owner, ownerAddress) && s.network === network)),
  );
  const ledger = useLedger(isValidAddress(owner) ? owner : null);
  const tx = useTx('Saving controller account to User list was cancelled.');

  const onGenerated = (controller: GeneratedController) =>
    tx.run(async (signed) => {
      const client = readyClient();
      if (!signer) throw new NoSignerError();
      if (!ownerAddress) throw new Error("Please, add a correct owner's address");
      if (!addressEq(ownerAddress, signer)) throw new Error('owner != signer');
      // The key is saved with the setup first: a cancelled transaction must not lose it.
      addSetup({
        owner: ownerAddress,
        name: name.trim().slice(0, 100) || randomSetupName(),
        network,
        controller,
      });
      // The list is shown in full before the signature, and read again when the user signs.
      const devices = await fetchSubscriptionDevices(client, ownerAddress);
      if (includesAddress(devices, controller.address)) return 'Setup saved';
      await write(devices, [...devices, controller.address], signed);
      return 'Setup saved';
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Generate a setup</h2>
      <p className="small muted">
        For the owner of a subscription: creates a new controller account for Home Assistant and
        saves the setup. Connect the owner's account first.
      </p>
      <label htmlFor={`${id}-owner`}>Owner address</label>
      <input
        id={`${id}-owner`}
        className="input mono"
        placeholder={signer ?? 'Connect the owner account'}
        value={typedOwner}
        onChange={(e) => setTypedOwner(e.target.value)}
      />
      {owner && isValidAddress(owner) && ledger === null && (
        <p className="error small">No subscription found for this account.</p>
      )}
      <label htmlFor={`${id}-name`}>Name of setup (dapp only)</label>
      <input
        id={`${id}-name`}
        className="input"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {signer ? (
        <GenerateController name={name || 'Setup'} onGenerated={(c) => void onGenerated(c)} />
      ) : (
        <p className="small muted">Signer required: connect the owner's account.</p>
      )}
      {review}
      {tx.busy && !review && (
        <p className="loading" role="status">
          Saving the setup
        </p>
      )}
      {tx.outcome && (
        <p
          className={`small ${tx.outcome.kind === 'error' ? 'error' : tx.outcome.kind === 'success' ? 'ok' : 'muted'}`}
          role={tx.outcome.kind === 'error' ? 'alert' : 'status'}
        >
          {tx.outcome.text}
        </p>
      )}
    </section>
  );
}

function UploadSetup({ network }: { network: string }) {
  const id = useId();
  const navigate = useNavigate();
  const addSetup = useSavedSetups((s) => s.addSetup);
  const [error, setError] = useState<string | null>(null);
  const [notKept, setNotKept] = useState<string | null>(null);
  const [keepKeys, setKeepKeys] = useState(false);
  const keeping = useKeyKeeping();

  const importText = async (text: string) => {
    const result = restoreSetups(text, network);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    // A controller key in the file is kept in this browser only when the user asks, and only once
    // this visit found that keys may be kept here.
    const wantsKey = keepKeys && result.setups.some((setup) => setup.controller?.keystore);
    const refusal = wantsKey ? keepingRefusal(await keyKeepingCheck.answered()) : null;
    const keep = wantsKey && !refusal;
    for (const setup of result.setups) addSetup(keep ? setup : withoutControllerKey(setup));
    if (refusal) {
      setNotKept(
        `The setups were restored without the controller key: ${refusal} The key stays in your file; restore the file again to keep it here once this address is confirmed.`,
      );
      return;
    }
    navigate(routePaths.setups);
  };

  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > SETUP_FILE_MAX_LENGTH) {
      setError('Invalid input data');
      return;
    }
    file.text().then(importText, () => setError('The file could not be read.'));
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Upload a file with setup</h2>
      <p className="small muted">
        Restores setups from a setup file downloaded on the Your setup page ({network} network).
      </p>
      <label
        htmlFor={`${id}-file`}
        className="dropzone"
        onDragOver={(e: DragEvent) => e.preventDefault()}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          readFile(e.dataTransfer.files[0]);
        }}
      >
        Upload .json with setup
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,application/json"
          onChange={(e: ChangeEvent<HTMLInputElement>) => readFile(e.target.files?.[0])}
        />
      </label>
      {(keeping.state === 'allowed' || keeping.state === 'checking') && (
        <label className="row small">
          <input
            type="checkbox"
            checked={keepKeys && keeping.state === 'allowed'}
            disabled={keeping.state !== 'allowed'}
            onChange={(e) => setKeepKeys(e.target.checked)}
          />
          Keep the encrypted controller key of the file in this browser (for the setup files you
          download)
        </label>
      )}
      <KeyKeepingNote answer={keeping} />
      {notKept && (
        <p className="small notice-warn" role="status" data-testid="setup-file-key-not-kept">
          {notKept} <Link to={routePaths.setups}>Your setups</Link>
        </p>
      )}
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function NewSetupPage() {
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  return (
    <>
      <PageHeading title="New Subscription setup">
        Add a subscription to this app by its owner's address, restore a setup file, or generate a
        setup with a new controller account.
      </PageHeading>
      <div className="grid-2">
        <AddByOwner network={network} />
        <UploadSetup network={network} />
        <GenerateSetup network={network} />
      </div>
    </>
  );
}
