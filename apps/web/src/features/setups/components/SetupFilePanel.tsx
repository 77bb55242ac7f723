import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import {
  SETUP_FILE_DEFAULTS,
  setupFileName,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import { writeSetupFile } from '@robonomics-dapp/robonomics/home-assistant/setup-file/write';
import { useId, useState } from 'react';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { checkFileHere, SetupFileVerdict } from '../../../components/SetupFileVerdict.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import type { FileVerdict } from '../../../lib/files/setup-file-check.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';

/**
 * Downloads the setup file Home Assistant imports, with exactly what the user ticks, once the
 * integration's own rules have been run on it: the page says whether Home Assistant will accept
 * it, or which of its errors it would raise and why. A refused file can still be downloaded.
 * "Subscription backup" and "Download backup" are the original app's words for it, kept: the
 * same file restores the setup ("Upload a file with setup").
 */
export function SetupFilePanel({ setup }: { setup: SavedSetup }) {
  const id = useId();
  const network = networkOfEndpoint(useChain((s) => s.endpoint));
  const hasKey = Boolean(setup.controller?.keystore);
  const [options, setOptions] = useState({
    name: true,
    owner: true,
    controllerAddress: true,
    userNames: true,
    controllerKey: hasKey,
    interval: String(setup.datalog?.interval ?? SETUP_FILE_DEFAULTS.intervalMinutes),
    ipfsGateway: setup.ipfs ? `https://${setup.ipfs.url}:${setup.ipfs.port}` : '',
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<{ verdict: FileVerdict; text: string } | null>(null);
  const toggle = (key: 'name' | 'owner' | 'controllerAddress' | 'userNames' | 'controllerKey') => {
    setChecked(null);
    setOptions((o) => ({ ...o, [key]: !o[key] }));
  };
  const boxes: [typeof toggle extends (k: infer K) => void ? K : never, string][] = [
    ['name', 'Name'],
    ['owner', 'Owner address'],
    ['controllerAddress', 'Controller address'],
    ['userNames', "Users' names"],
    ['controllerKey', 'Controller key (encrypted keystore)'],
  ];
  const fileName = () => setupFileName(window.location.host, setup.name);

  const onDownload = async () => {
    let text: string;
    try {
      text = writeSetupFile(setup, options);
    } catch {
      setError('The IPFS gateway must be an address like https://host:port.');
      return;
    }
    if (options.controllerKey && !password) {
      setError("Enter the controller's password: the file is checked with it before download.");
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const verdict = await checkFileHere(text, password, network);
      setChecked({ verdict, text });
      if (verdict.kind !== 'refused') downloadFile(fileName(), text);
    } catch (e) {
      setError(`The file could not be checked: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <details className="stack-s">
      <summary>Subscription backup</summary>
      <p className="small muted">
        The setup file Home Assistant's Robonomics integration imports; it also restores this setup
        in another browser.
      </p>
      <fieldset className="plain stack-s">
        <legend className="small muted">Include</legend>
        {boxes.map(([key, label]) => (
          <label key={key} className="row small">
            <input
              type="checkbox"
              checked={options[key]}
              disabled={key === 'controllerKey' && !hasKey}
              onChange={() => toggle(key)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-interval`} className="small">
        Messaging interval (in minutes)
      </label>
      <input
        id={`${id}-interval`}
        className="input"
        inputMode="numeric"
        value={options.interval}
        onChange={(e) => {
          setChecked(null);
          setOptions((o) => ({ ...o, interval: e.target.value.replace(/\D/g, '') }));
        }}
      />
      <label htmlFor={`${id}-gateway`} className="small">
        IPFS Gateway
      </label>
      <input
        id={`${id}-gateway`}
        className="input"
        placeholder="http://url:port"
        value={options.ipfsGateway}
        onChange={(e) => {
          setChecked(null);
          setOptions((o) => ({ ...o, ipfsGateway: e.target.value }));
        }}
      />
      {options.controllerKey && (
        <form
          className="stack-s"
          aria-label="Check the setup file"
          onSubmit={(e) => {
            e.preventDefault();
            void onDownload();
          }}
        >
          <PasswordField
            id={`${id}-password`}
            account={`${setup.name} controller`}
            label="Controller password (checks the file as Home Assistant will; it is not kept)"
            labelClass="small"
            value={password}
            onChange={(value) => {
              setChecked(null);
              setPassword(value);
            }}
            fresh={false}
          />
        </form>
      )}
      {error && <p className="error small">{error}</p>}
      {checked && <SetupFileVerdict verdict={checked.verdict} />}
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={checking}
          onClick={() => void onDownload()}
        >
          {checking ? 'Checking the file…' : 'Download backup'}
        </button>
        {checked?.verdict.kind === 'refused' && (
          <button
            type="button"
            className="button"
            onClick={() => downloadFile(fileName(), checked.text)}
          >
            Download anyway
          </button>
        )}
      </div>
    </details>
  );
}
