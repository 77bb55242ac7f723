import { useId, useState } from 'react';
import { downloadFile } from '../../../lib/files/download-file.ts';
import type { SavedSetup } from '../../../lib/stores/saved-setups-format.ts';
import { backupFileName, buildBackup } from '../backup.ts';

/** Downloads the setup file Home Assistant imports, with exactly what the user ticks. */
export function BackupPanel({ setup }: { setup: SavedSetup }) {
  const id = useId();
  const [options, setOptions] = useState({
    name: true,
    owner: true,
    controllerAddress: true,
    userNames: true,
    controllerKey: false,
    interval: String(setup.datalog?.interval ?? 10),
    ipfsGateway: setup.ipfs ? `https://${setup.ipfs.url}:${setup.ipfs.port}` : '',
  });
  const [error, setError] = useState<string | null>(null);
  const toggle = (key: 'name' | 'owner' | 'controllerAddress' | 'userNames' | 'controllerKey') =>
    setOptions((o) => ({ ...o, [key]: !o[key] }));
  const boxes: [typeof toggle extends (k: infer K) => void ? K : never, string][] = [
    ['name', 'Name'],
    ['owner', 'Owner address'],
    ['controllerAddress', 'Controller address'],
    ['userNames', "Users' names"],
    ['controllerKey', 'Controller key (encrypted keystore)'],
  ];

  const onDownload = () => {
    try {
      const file = buildBackup(setup, options);
      downloadFile(backupFileName(window.location.host, setup.name), JSON.stringify(file, null, 2));
      setError(null);
    } catch {
      setError('The IPFS gateway must be an address like https://host:port.');
    }
  };

  return (
    <details className="stack-s">
      <summary>Subscription backup</summary>
      <fieldset className="plain stack-s">
        <legend className="small muted">Include</legend>
        {boxes.map(([key, label]) => (
          <label key={key} className="row small">
            <input
              type="checkbox"
              checked={options[key]}
              disabled={key === 'controllerKey' && !setup.controller?.keystore}
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
        onChange={(e) => setOptions((o) => ({ ...o, interval: e.target.value.replace(/\D/g, '') }))}
      />
      <label htmlFor={`${id}-gateway`} className="small">
        IPFS Gateway
      </label>
      <input
        id={`${id}-gateway`}
        className="input"
        placeholder="http://url:port"
        value={options.ipfsGateway}
        onChange={(e) => setOptions((o) => ({ ...o, ipfsGateway: e.target.value }))}
      />
      {error && <p className="error small">{error}</p>}
      <button type="button" className="button" onClick={onDownload}>
        Download backup
      </button>
    </details>
  );
}
