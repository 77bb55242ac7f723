import { generateMnemonic, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { encodeKeystore } from '@robonomics-dapp/robonomics/crypto/keystore';
import {
  PASSWORD_RULE_TEXT,
  passwordWeakness,
} from '@robonomics-dapp/robonomics/crypto/password-strength';
import { useId, useState } from 'react';
import { Address } from '../../../components/Address.tsx';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { KeyKeepingNote } from '../../../components/KeyKeepingNote.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { keepingRefusal, keyKeepingCheck } from '../../../lib/user-key/key-keeping-check.ts';
import { useKeyKeeping } from '../../../lib/user-key/use-key-keeping.ts';

export interface GeneratedController {
  address: string;
  /**
   * The polkadot-js keystore, JSON text, sealed with the user's password: kept in the setup, so
   * its setup file (the file Home Assistant imports) has it, wherever this origin may keep keys.
   */
  keystore?: string;
}

/**
 * Generates a new ed25519 controller account: the keystore file, encrypted with the password
 * the user chose (held to the password rule: the controller key opens every envelope of the home
 * and can speak for Home Assistant), is downloaded and the secret phrase shown once.
 * `onGenerated` then saves it with its keystore (in the setup and so in its setup file), once this
 * visit found that keys may be kept here; where they are not (a shared origin, or no answer) the
 * downloaded file is the only copy, and the page says so.
 */
export function GenerateController({
  name,
  onGenerated,
}: {
  name: string;
  onGenerated: (controller: GeneratedController) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{
    address: string;
    mnemonic: string;
    notKept: string | null;
  } | null>(null);
  const keeping = useKeyKeeping();

  const onCreate = async () => {
    if (!password) {
      // 'savely' (sic): the original app's words, kept on purpose.
      setError('Create password and store it savely');
      return;
    }
    const weakness = passwordWeakness(password);
    if (weakness) {
      setError(weakness);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const refusal = keepingRefusal(await keyKeepingCheck.answered());
      const mnemonic = generateMnemonic();
      const keystore = encodeKeystore(pairFromUri(mnemonic, 'ed25519'), password, {
        name: `${name} controller`,
      });
      const text = JSON.stringify(keystore);
      downloadFile(`Controller-${keystore.address}.json`, text);
      setPassword('');
      setCreated({ address: keystore.address, mnemonic, notKept: refusal });
      onGenerated({ address: keystore.address, ...(refusal ? {} : { keystore: text }) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="stack-s">
      <summary>Generate new account for the Controller</summary>
      <p className="notice-warn small">
        Beware: by generating this account you will overwrite existing Controller address in
        subscription.
      </p>
      {/* A password field belongs to a form, for password managers and browsers' checks. */}
      <form
        className="stack-s"
        aria-label="New Controller account"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && created === null) void onCreate();
        }}
      >
        <PasswordField
          id={`${id}-password`}
          account={`${name} controller`}
          label="A password for new Controller account *"
          value={password}
          onChange={setPassword}
          fresh
          rule={PASSWORD_RULE_TEXT}
        />
        {keeping.state === 'allowed' ? (
          <p className="small muted">
            The key, encrypted with this password, is kept in this setup and its setup file: the
            file Home Assistant imports.
          </p>
        ) : (
          <KeyKeepingNote
            answer={keeping}
            instead="The downloaded keystore file is then the only copy of the key."
          />
        )}
        {error && <p className="error small">{error}</p>}
        <button type="submit" className="button" disabled={busy || created !== null}>
          {created ? 'Created, check downloads' : busy ? 'Creating…' : 'Create'}
        </button>
      </form>
      {created && (
        <div className="stack-s" data-testid="generated-controller">
          <p className="small">
            Account generated: <Address address={created.address} />
          </p>
          <p className="notice-warn small">
            Remember to save the seed: <span className="mono break">{created.mnemonic}</span>
          </p>
          <p className="small muted">
            It is shown only now. The downloaded keystore file opens with your password.
          </p>
          {created.notKept && (
            <p className="small notice-warn" data-testid="controller-key-not-kept">
              The key was not kept in this browser: {created.notKept} Keep the downloaded keystore
              file: it is the only copy.
            </p>
          )}
        </div>
      )}
    </details>
  );
}
