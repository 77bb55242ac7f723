import { type FormEvent, useId, useState } from 'react';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { checkFileHere, SetupFileVerdict } from '../../../components/SetupFileVerdict.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { backupFileName, buildBackup } from '../../../lib/files/setup-backup.ts';
import { appConfig } from '../../../lib/shell/config.ts';
import { formatDate } from '../../../lib/time/format-date.ts';
import { useGuideMarks } from '../guide-marks.ts';
import { useGuideSecrets } from '../guide-secrets.ts';
import type { Guide } from '../hooks/use-guide.ts';

export function HaFileSummary({ guide }: { guide: Guide }) {
  const at = guide.marks.fileAt;
  const verdict = useGuideSecrets((s) => s.fileVerdict);
  return (
    <>
      {at ? `Downloaded on ${formatDate(at)}.` : 'Not downloaded yet.'}
      {verdict && <SetupFileVerdict verdict={verdict} />}
    </>
  );
}

/** Where to import the file: Home Assistant's page for adding the Robonomics integration. */
export function ImportInHomeAssistant() {
  return (
    <p className="small">
      In Home Assistant, add the Robonomics integration (Settings → Devices &amp; services → Add
      integration → Robonomics, or{' '}
      <a href={appConfig.homeAssistantSetupUrl} target="_blank" rel="noopener noreferrer">
        open its setup
      </a>
      ), tick both points, then upload the file and enter the controller's password.
    </p>
  );
}

/**
 * Step 6: the file Home Assistant imports, checked with the integration's own rules before it is
 * downloaded: "Home Assistant will accept this file", or the integration's error and why.
 */
export function HaFileStep({ guide }: { guide: Guide }) {
  const id = useId();
  const remembered = useGuideSecrets((s) => s.controllerPassword);
  const remember = useGuideSecrets((s) => s.set);
  const mark = useGuideMarks((s) => s.mark);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { setup } = guide;
  if (!setup?.controller) return null;
  const hasKey = Boolean(setup.controller.keystore);

  const onCheck = async (event?: FormEvent) => {
    event?.preventDefault();
    const secret = password || remembered || '';
    if (hasKey && !secret) {
      setError(
        "Enter the controller's password: the file is checked with it, as Home Assistant will.",
      );
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const file = buildBackup(setup, {
        name: true,
        owner: true,
        controllerAddress: true,
        userNames: true,
        controllerKey: true,
        interval: String(setup.datalog?.interval ?? 10),
        ipfsGateway: '',
      });
      const text = JSON.stringify(file, null, 2);
      const found = await checkFileHere(text, secret, guide.network);
      remember({ fileVerdict: found });
      if (found.kind !== 'refused') {
        downloadFile(backupFileName(window.location.host, setup.name), text);
        mark(guide.endpoint, setup.owner, { fileAt: Date.now() });
      }
    } catch (e) {
      setError(`The file could not be checked: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="stack-s">
      <p className="small">
        Home Assistant's Robonomics integration imports one file with the owner, the controller's
        sealed key and the settings. The app runs the integration's own checks on it first.
      </p>
      <form className="stack-s" aria-label="Check the setup file" onSubmit={onCheck}>
        {hasKey && !remembered && (
          <PasswordField
            id={`${id}-password`}
            account={`${setup.name} controller`}
            label="The controller's password"
            value={password}
            onChange={setPassword}
            fresh={false}
          />
        )}
        <button type="submit" className="button primary" disabled={checking}>
          {checking ? 'Checking the file…' : 'Check and download the setup file'}
        </button>
      </form>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
      <ImportInHomeAssistant />
    </div>
  );
}
