import { includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { shortAddress } from '@robonomics-dapp/robonomics/chain/model/short-address';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { keyKeeping } from '../lib/storage/key-keeping.ts';
import { useKeyKeeping } from '../lib/user-key/use-key-keeping.ts';
import { useSavedKeys } from '../lib/user-key/use-saved-keys.ts';
import { useUserKey } from '../lib/user-key/user-key-store.ts';
import { KeyKeepingNote } from './KeyKeepingNote.tsx';
import { SecretPhraseInput } from './SecretPhraseInput.tsx';

/**
 * Sign-in as a user (device account) of the subscription with its secret phrase: the key stays in
 * memory, or, with "Keep me signed in", sealed in this browser's profile (docs/security.md, "Where
 * keys are kept": it keeps the phrase from other sites, not from whoever has the profile). Not
 * offered where the page's origin is shared with other content, and shown waiting while this
 * visit checks that it is not.
 */
export function UserSignIn({ users }: { users: string[] }) {
  const id = useId();
  const { user, pair, signedOut, deletedKeys, selectUser, signIn, restore, signOut } = useUserKey();
  const selected = user && includesAddress(users, user) ? user : null;
  const [phrase, setPhrase] = useState('');
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const keeping = useKeyKeeping();
  const canSeal = typeof crypto !== 'undefined' && 'subtle' in crypto;
  const canKeep = keeping.state === 'allowed' && canSeal;

  // A user who left the subscription is no longer the selected one.
  useEffect(() => {
    if (user && users.length > 0 && !includesAddress(users, user)) selectUser(null);
  }, [user, users, selectUser]);

  // A key sealed on this device opens by itself when its user is selected, unless the user
  // signed out (they then open it with the button below).
  const restored =
    useQuery({
      queryKey: ['sealed-key', selected],
      queryFn: () => restore(selected!),
      enabled: selected !== null && !pair && keyKeeping.allowed,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }).data === true;

  if (users.length === 0) {
    return <p className="small">No accounts found in the subscription</p>;
  }

  if (selected && pair) {
    return (
      <div className="row small" data-testid="signed-in-user">
        <span>
          Signed in as <span className="mono">{shortAddress(selected)}</span>
          {restored && ' (Your key has been already saved locally, you may sign in)'}
        </span>
        <button type="button" className="button" onClick={() => void signOut()}>
          Sign out
        </button>
        <button type="button" className="button" onClick={() => void signOut(true)}>
          Sign out and forget the keys kept on this device
        </button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const error = await signIn(selected ?? '', phrase, keep && canKeep);
    setBusy(false);
    if (error && !useUserKey.getState().pair) {
      setMessage({ ok: false, text: error });
      return;
    }
    setPhrase('');
    setMessage(error ? { ok: false, text: error } : null);
  };

  return (
    <form className="stack-s" aria-label="Sign in as a user" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={`${id}-user`}>Select a user</label>
      <select
        id={`${id}-user`}
        className="input mono"
        value={selected ?? ''}
        onChange={(e) => {
          selectUser(e.target.value || null);
          setMessage(null);
        }}
      >
        <option value="">—</option>
        {users.map((u) => (
          <option key={u} value={u}>
            {shortAddress(u)}
          </option>
        ))}
      </select>
      {selected && signedOut && keyKeeping.allowed && (
        <KeptKeyOffer user={selected} busy={busy} setBusy={setBusy} onFailed={setMessage} />
      )}
      <label htmlFor={`${id}-phrase`}>Pass phrase</label>
      <SecretPhraseInput
        id={`${id}-phrase`}
        placeholder="Seed phrase for encryption"
        value={phrase}
        onChange={setPhrase}
      />
      {canSeal && (keeping.state === 'allowed' || keeping.state === 'checking') && (
        <>
          <label className="row small">
            <input
              type="checkbox"
              checked={keep && canKeep}
              disabled={!canKeep}
              onChange={(e) => setKeep(e.target.checked)}
              aria-describedby={`${id}-keep-note`}
            />
            Keep me signed in (only for trusted devices)
          </label>
          <p id={`${id}-keep-note`} className="small muted">
            The phrase is then kept sealed in this browser's profile: other sites cannot read it,
            but anyone who can use this profile, or a copy of its files, can sign in as this user.
          </p>
        </>
      )}
      <KeyKeepingNote answer={keeping} />
      {deletedKeys.length > 0 && (
        <p className="small notice-warn" data-testid="kept-keys-deleted">
          {deletedKeys.length === 1
            ? `The key kept in this browser for ${shortAddress(deletedKeys[0]!)} was deleted without being opened, as keys may not be kept at this address. Sign in with the pass phrase.`
            : `The keys kept in this browser for ${deletedKeys.map((u) => shortAddress(u)).join(', ')} were deleted without being opened, as keys may not be kept at this address. Sign in with the pass phrase.`}
        </p>
      )}
      {message && (
        <p className={message.ok ? 'ok small' : 'error small'} role="alert">
          {message.text}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/**
 * For a user who signed out while their key stays kept on this device: signing in again without
 * the phrase. Shown only when such a key exists (the kept keys are read only for a signed-out
 * user, not on every visit of a signed-in one).
 */
function KeptKeyOffer({
  user,
  busy,
  setBusy,
  onFailed,
}: {
  user: string;
  busy: boolean;
  setBusy(busy: boolean): void;
  onFailed(message: { ok: false; text: string } | null): void;
}) {
  const { users } = useSavedKeys();
  const restore = useUserKey((state) => state.restore);
  if (!includesAddress(users ?? [], user)) return null;
  const signInWithKeptKey = async () => {
    setBusy(true);
    const opened = await restore(user, { asked: true });
    setBusy(false);
    onFailed(
      opened
        ? null
        : {
            ok: false,
            text: 'The key kept on this device could not be opened. Enter the pass phrase.',
          },
    );
  };
  return (
    <p className="row small">
      <span>You signed out. Your key is still kept on this device.</span>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void signInWithKeptKey()}
      >
        Sign in with the key kept on this device
      </button>
    </p>
  );
}
