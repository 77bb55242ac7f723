import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { decodeKeystore } from '@robonomics-dapp/robonomics/crypto/keystore';
import {
  SETUP_FILE_DEFAULTS,
  setupFileName,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/format';
import { writeSetupFile } from '@robonomics-dapp/robonomics/home-assistant/setup-file/write';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Amount } from '../../../components/Amount.tsx';
import { PasswordField } from '../../../components/HiddenUsername.tsx';
import { checkFileHere, SetupFileVerdict } from '../../../components/SetupFileVerdict.tsx';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { appConfig } from '../../../lib/shell/config.ts';
import { formatDate } from '../../../lib/time/format-date.ts';
import { prepareControllerTwin, type TwinPrep, useControllerTwin } from '../controller-twin.ts';
import { useGuideMarks } from '../guide-marks.ts';
import { useGuideSecrets } from '../guide-secrets.ts';
import type { Guide } from '../hooks/use-guide.ts';

/** What became of the controller's twin, in words (docs/product-rules.md, "The controller's twin"). */
export function ControllerTwinLine({ prep }: { prep: TwinPrep | undefined }) {
  if (!prep) return null;
  const line = (() => {
    switch (prep.kind) {
      case 'working':
        return <>Making the controller’s digital twin, paid from its own balance…</>;
      case 'made':
        return (
          <>
            {prep.madeTwin
              ? `The controller made its digital twin${prep.twin === null ? '' : ` #${prep.twin}`}`
              : `The controller owns twin #${prep.twin ?? '?'}`}{' '}
            and its first record (an empty home), paying <Amount planck={prep.fee} exact /> from its
            own balance: Home Assistant publishes on that twin, and the subscription’s free weight
            goes to the home’s first record alone.
          </>
        );
      case 'had':
        return (
          <>
            The controller owns twin #{prep.twin} and its last record names a file: Home Assistant
            publishes on that twin (the last one the controller owns).
          </>
        );
      case 'skipped':
        return <>{prep.reason}</>;
    }
  })();
  return (
    <span className="block" data-testid="controller-twin" data-state={prep.kind}>
      {line}
    </span>
  );
}

export function HaFileSummary({ guide }: { guide: Guide }) {
  const at = guide.marks.fileAt;
  const verdict = useGuideSecrets((s) => s.fileVerdict);
  const controller = guide.setup?.controller?.address;
  const prep = useControllerTwin((s) => (controller ? s.preps[controller] : undefined));
  return (
    <>
      {at ? `Downloaded on ${formatDate(at)}.` : 'Not downloaded yet.'}
      {verdict && <SetupFileVerdict verdict={verdict} />}
      <ControllerTwinLine prep={prep} />
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
 * downloaded ("Home Assistant will accept this file", or the integration's error and why); the
 * download opens Home Assistant's setup in a new tab. Meanwhile, while this visit holds the
 * controller's key, the controller makes its own digital twin.
 */
export function HaFileStep({ guide }: { guide: Guide }) {
  const id = useId();
  const remembered = useGuideSecrets((s) => s.controllerPassword);
  const phrase = useGuideSecrets((s) => s.controllerPhrase);
  const remember = useGuideSecrets((s) => s.set);
  const mark = useGuideMarks((s) => s.mark);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { setup } = guide;
  const owner = guide.facts.owner;
  const controller = setup?.controller?.address ?? null;
  const devices = guide.deviceList.live ? guide.deviceList.devices : undefined;
  const prep = useControllerTwin((s) => (controller ? s.preps[controller] : undefined));
  const listed = controller !== null && devices?.some((d) => addressEq(d, controller)) === true;

  // The controller's key made in this visit: its twin is made at once, with no action asked.
  useEffect(() => {
    if (!phrase || !controller || !owner || !devices || !listed || prep) return;
    const key = pairFromUri(phrase, 'ed25519');
    void prepareControllerTwin({ endpoint: guide.endpoint, owner, controller, key, devices });
  }, [phrase, controller, owner, devices, listed, prep, guide.endpoint]);

  if (!setup?.controller) return null;
  const { keystore } = setup.controller;
  const hasKey = Boolean(keystore);
  const preparing = prep?.kind === 'working';

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
      const text = writeSetupFile(setup, {
        name: true,
        owner: true,
        controllerAddress: true,
        userNames: true,
        controllerKey: true,
        interval: String(setup.datalog?.interval ?? SETUP_FILE_DEFAULTS.intervalMinutes),
        ipfsGateway: '',
      });
      const found = await checkFileHere(text, secret, guide.network);
      remember({ fileVerdict: found });
      if (found.kind === 'refused') return;
      downloadFile(setupFileName(window.location.host, setup.name), text);
      mark(guide.endpoint, setup.owner, { fileAt: Date.now() });
      // Home Assistant's setup, where the file goes next, in a new tab (the link below stays
      // for a browser that blocks it).
      window.open(appConfig.homeAssistantSetupUrl, '_blank', 'noopener,noreferrer');
      // After a reload the key is opened with the password just checked: the twin comes now.
      if (!prep && !phrase && keystore && controller && owner && devices && listed) {
        const key = decodeKeystore(JSON.parse(keystore), secret);
        void prepareControllerTwin({ endpoint: guide.endpoint, owner, controller, key, devices });
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
        sealed key and the settings. The app runs the integration's own checks on it first, then
        opens Home Assistant's setup in a new tab.
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
        <button type="submit" className="button primary" disabled={checking || preparing}>
          {checking
            ? 'Checking the file…'
            : preparing
              ? 'Making the controller’s twin…'
              : 'Check and download the setup file'}
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
