import { renewalDue } from '@robonomics-dapp/robonomics/rws/reminders';
import { expiryOf, isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { roleOf } from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { CalendarButton } from '../../../components/renewal/CalendarButton.tsx';
import { ReminderControls } from '../../../components/renewal/ReminderControls.tsx';
import { RenewalLine } from '../../../components/renewal/RenewalLine.tsx';
import { SubscriptionDate } from '../../../components/SubscriptionDate.tsx';
import { WalletPanel } from '../../../components/WalletPanel.tsx';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useSubscriptionDeviceList } from '../../../lib/chain/use-subscription-devices.ts';
import {
  readSubscriptionMove,
  useSubscriptionMoves,
} from '../../../lib/storage/subscription-moves.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';
import { formatDate } from '../../../lib/time/format-date.ts';
import { useNow } from '../../../lib/time/use-now.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { ControllerPanel } from './ControllerPanel.tsx';
import { HaPassPanel } from './HaPassPanel.tsx';
import { SetupFilePanel } from './SetupFilePanel.tsx';
import { TransferPanel } from './TransferPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';

const roleText = { owner: 'Admin (owner)', user: 'as User', none: 'not added' } as const;

/** One setup: its subscription, owner, controller, users and setup file. */
export function SetupEditor({ setup, choices }: { setup: SavedSetup; choices: SavedSetup[] }) {
  const id = useId();
  const now = useNow();
  const account = useWallet((s) => s.address);
  const { updateSetup, removeSetup, setActive } = useSavedSetups();
  const ledger = useLedger(setup.owner);
  const chainNow = useChainNow();
  const expiry = ledger ? expiryOf(ledger) : null;
  const { devices, live } = useSubscriptionDeviceList(setup.owner);
  const [name, setName] = useState(setup.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const role = roleOf(setup.owner, devices ?? [], account);
  const endpoint = useChain((s) => s.endpoint);
  useSubscriptionMoves((s) => s.version);
  const moved = ledger === null ? readSubscriptionMove(endpoint, setup.owner) : null;

  const saveName = () => {
    if (!name.trim()) {
      setNameError('Please, enter some name');
      return;
    }
    setNameError(null);
    updateSetup(setup.owner, setup.network, { name: name.trim().slice(0, 100) });
  };

  return (
    <div className="grid-2">
      <section className="card stack" aria-labelledby={`${id}-title`} data-testid="setup-editor">
        {choices.length > 1 ? (
          <>
            <label htmlFor={`${id}-choose`}>Setup</label>
            <select
              id={`${id}-choose`}
              className="input"
              value={setup.owner}
              onChange={(e) => setActive(setup.network, e.target.value)}
            >
              {choices.map((c) => (
                <option key={c.owner} value={c.owner}>
                  {c.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <h2 id={`${id}-title`}>{setup.name}</h2>
        <div className="row">
          <label htmlFor={`${id}-name`} className="small">
            Name in dapp
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={saveName}
          />
        </div>
        {nameError && <p className="error small">{nameError}</p>}
        <dl className="facts">
          <dt>Setup's network</dt>
          <dd>{setup.network}</dd>
          <dt>Subscription</dt>
          <dd data-testid="setup-subscription">
            {ledger === undefined ? (
              'loading…'
            ) : ledger ? (
              <SubscriptionDate ledger={ledger} now={now} />
            ) : moved ? (
              <span data-testid="subscription-moved">
                Moved to <span className="mono break">{moved.to}</span> on {formatDate(moved.at)}
              </span>
            ) : (
              <span className="error">No subscription found in {setup.network}</span>
            )}
          </dd>
          <dt>Owner</dt>
          <dd>
            <Address address={setup.owner} />
          </dd>
          <dt>Your account</dt>
          <dd data-testid="setup-role">{account ? roleText[role] : 'not connected'}</dd>
        </dl>
        {account && role !== 'owner' && (
          <p className="notice-warn small" data-testid="not-owner">
            The selected account is not this subscription's owner: it cannot add or remove users or
            change the controller. To change them, select the owner's account{' '}
            <span className="mono break">{setup.owner}</span> in your wallet.
          </p>
        )}
        {/* Ending within 7 days or ended: the line with Renew (and its calendar); else the calendar. */}
        <RenewalLine setup={setup} />
        {expiry !== null && chainNow !== undefined && !renewalDue(ledger ?? null, chainNow) && (
          <div className="row">
            <CalendarButton setup={setup} expiry={expiry} />
          </div>
        )}
        <ReminderControls />
        {devices && (
          <ControllerPanel
            key={setup.owner}
            setup={setup}
            devices={devices}
            live={live}
            isOwner={role === 'owner'}
            active={ledger ? isSubscriptionActive(ledger, now) : false}
          />
        )}
        {devices ? (
          <UsersPanel
            key={`users-${setup.owner}`}
            setup={setup}
            devices={devices}
            live={live}
            isOwner={role === 'owner'}
          />
        ) : (
          <p className="loading">Loading users</p>
        )}
        {devices && setup.controller?.address && (
          <HaPassPanel
            setup={setup}
            devices={devices}
            active={ledger ? isSubscriptionActive(ledger, now) : false}
          />
        )}
        <SetupFilePanel setup={setup} />
        {role === 'owner' && (
          <TransferPanel setup={setup} ledger={ledger} devices={devices ?? []} />
        )}
        {confirmRemove ? (
          <div className="row">
            <span>Remove «{setup.name}» subscription setup from the dapp?</span>
            <button
              type="button"
              className="button"
              onClick={() => removeSetup(setup.owner, setup.network)}
            >
              Remove
            </button>
            <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirmRemove(true)}>
            Remove setup from the dapp
          </button>
        )}
      </section>
      <section className="card stack" aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`}>Connect an account / Switch a network</h2>
        <WalletPanel />
      </section>
    </div>
  );
}
