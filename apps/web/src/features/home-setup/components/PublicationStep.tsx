import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { referenceCallWeight } from '@robonomics-dapp/robonomics/chain/queries/reference-call-weight';
import { fetchFirstPublicationWeight } from '@robonomics-dapp/robonomics/chain/tx/first-publication-weight';
import { timeUntilFreeWeight } from '@robonomics-dapp/robonomics/rws/subscription';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { formatDateTime, formatTime } from '../../../lib/time/format-date.ts';
import type { Guide } from '../hooks/use-guide.ts';
import { ImportInHomeAssistant } from './HaFileStep.tsx';

export function PublicationSummary({ guide }: { guide: Guide }) {
  const time = guide.lastReport.time;
  return time !== null ? <>Last published {formatDateTime(time)}.</> : <>Nothing published yet.</>;
}

/** One thing that can hold the home up, checked where the app can check it. */
function Check({ ok, children }: { ok: boolean | null; children: React.ReactNode }) {
  return (
    <li className={ok === false ? 'error' : undefined} data-check={ok === null ? 'unknown' : ok}>
      {ok === true ? '✓ ' : ok === false ? '✗ ' : ''}
      {children}
    </li>
  );
}

/**
 * Whether the subscription has the free weight the home's first publication takes and, if not,
 * from when: a new subscription starts with none and earns it at 0.01 calls per second, so a new
 * home waits minutes before it can publish anything (docs/product-rules.md, "Free weight").
 */
function FreeWeightCheck({ guide, controller }: { guide: Guide; controller: string }) {
  const client = useChain((s) => s.client);
  const now = useChainNow();
  const owner = guide.facts.owner;
  const needed = useChainQuery(
    owner ? ['first-publication-weight', owner, controller] : null,
    (c) => fetchFirstPublicationWeight(c, owner!, controller),
  ).data;
  const ledger = guide.ledger;
  if (!client || !ledger || needed === undefined || now === undefined) return null;
  const wait = timeUntilFreeWeight(ledger, referenceCallWeight(client), needed, now);
  if (wait === 0) {
    return (
      <Check ok={true}>
        The subscription has the free weight the first publication takes (a twin, its configuration
        and a telemetry record).
      </Check>
    );
  }
  if (wait === null) {
    return <Check ok={false}>The subscription earns no free weight: renew it.</Check>;
  }
  return (
    <Check ok={false}>
      <span data-testid="free-weight-wait">
        A new subscription earns free weight at 0.01 calls per second: the first publication (a
        twin, its configuration and a telemetry record) can go through from about{' '}
        {formatTime(now + wait)}, in {Math.ceil(wait / 60_000)} min. Home Assistant tries again at
        its sending interval.
      </span>
    </Check>
  );
}

/**
 * Step 7: the home's first publication (its controller's first datalog record), shown the moment
 * the chain has it; until then, what the page waits for and what usually holds a home up.
 */
export function PublicationStep({ guide }: { guide: Guide }) {
  const controller = guide.setup?.controller?.address ?? null;
  const devices = guide.deviceList.devices;
  const inDevices = controller && devices ? devices.some((d) => addressEq(d, controller)) : null;
  return (
    <div className="stack-s" role="status" data-testid="waiting-for-home">
      <p className="small">
        Waiting for the home's first publication: once Home Assistant has accepted the file and the
        subscription can pay for it, the home puts its encrypted configuration and telemetry on IPFS
        and records them on the chain. This page shows it as soon as the chain has it.
      </p>
      <p className="small">What usually holds a home up:</p>
      <ul className="small stack-s">
        <Check ok={null}>
          The integration is still being set up in Home Assistant, or it refused the file: its setup
          page says why.
        </Check>
        <Check ok={inDevices}>
          {inDevices === false
            ? 'The controller is not among the subscription’s devices: write the device list again.'
            : 'The controller is among the subscription’s devices.'}
        </Check>
        {controller && <FreeWeightCheck guide={guide} controller={controller} />}
        <Check ok={guide.facts.subscription?.active ?? null}>
          {guide.facts.subscription?.active
            ? 'The subscription is active and pays for the home’s records.'
            : 'The subscription is not active: the home cannot record anything.'}
        </Check>
        <Check ok={null}>
          Without the libp2p proxy add-on, the home still publishes, but names no peer-to-peer
          address: the app then reaches it through the parachain only, which is slower.
        </Check>
      </ul>
      <ImportInHomeAssistant />
    </div>
  );
}
