import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { readyClient } from '../lib/actions/send-action.ts';
import { checkSetupFile, type FileVerdict } from '../lib/files/setup-file-check.ts';

/** Checks a setup file against the chain the app is connected to, as Home Assistant will. */
export function checkFileHere(content: string, password: string, network: string) {
  const client = readyClient();
  return checkSetupFile(content, password, {
    network,
    ledger: (owner) => fetchLedger(client, owner),
    devices: (owner) => fetchSubscriptionDevices(client, owner),
    now: Date.now(),
  });
}

/** What Home Assistant will do with a setup file, in words: accept it, ask for more, or refuse. */
export function SetupFileVerdict({ verdict }: { verdict: FileVerdict }) {
  if (verdict.kind === 'accepted') {
    return (
      <div className="stack-s" data-testid="file-verdict" data-verdict="accepted">
        <p className="ok">Home Assistant will accept this file.</p>
        {verdict.warnings.map((warning) => (
          <p key={warning} className="small notice-warn">
            {warning}
          </p>
        ))}
      </div>
    );
  }
  if (verdict.kind === 'manual') {
    return (
      <p className="small notice-warn" data-testid="file-verdict" data-verdict="manual">
        Home Assistant will ask for {verdict.missing} by hand: it goes on to the integration's
        manual step (the controller's private key, the owner's address and the network).
      </p>
    );
  }
  return (
    <div
      className="stack-s"
      role="alert"
      data-testid="file-verdict"
      data-verdict="refused"
      data-error-key={verdict.key}
    >
      <p className="error">Home Assistant would refuse this file: “{verdict.text}”.</p>
      <p className="small">{verdict.reason}</p>
    </div>
  );
}
