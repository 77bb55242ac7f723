import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  type EstimateSnapshot,
  type HomeCall,
  homeTwinOf,
  type LaterReason,
  laterReason,
} from '@robonomics-dapp/robonomics/rws/first-record';
import { useEffect, useState } from 'react';
import { formatDateTime, formatTime } from '../../../lib/time/format-date.ts';
import { type FirstRecordView, useFirstRecord } from '../hooks/use-first-record.ts';
import type { Guide } from '../hooks/use-guide.ts';
import { ImportInHomeAssistant } from './HaFileStep.tsx';

export function PublicationSummary({ guide }: { guide: Guide }) {
  const time = guide.lastReport.time;
  return guide.facts.published && time !== null ? (
    <>Last published {formatDateTime(time)}.</>
  ) : (
    <>Nothing published yet.</>
  );
}

/** One thing that can hold the home up, checked where the app can check it. */
function Check({
  ok,
  children,
  testId,
}: {
  ok: boolean | null;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <li
      className={ok === false ? 'error' : undefined}
      data-check={ok === null ? 'unknown' : ok}
      data-testid={testId}
    >
      {ok === true ? '✓ ' : ok === false ? '✗ ' : ''}
      {children}
    </li>
  );
}

const CALL_WORDS: Record<HomeCall, string> = {
  twin: 'a digital twin',
  topic: 'its configuration’s topic on the twin',
  record: 'the record',
};

/** A weight in millions of the runtime's units. */
const millions = (weight: bigint) => `${(Number(weight) / 1e6).toFixed(0)} M`;

function listWords(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Why the estimate moved later, in the user's words. */
function reasonWords(reason: LaterReason): string {
  switch (reason.kind) {
    case 'own-twin':
      return `the home made a twin of its own, #${reason.twin}, at ${formatTime(reason.at)}, instead of publishing on #${reason.instead} (Home Assistant takes a twin the controller owns only when the controller’s last record names a file)`;
    case 'new-topic':
      return `the home pointed twin #${reason.twin} at a new configuration at ${formatTime(reason.at)}`;
    case 'other-calls':
      return `the subscription paid for other calls at ${formatTime(reason.at)} (a device of the subscription sent them)`;
    case 'no-rate':
      return 'the subscription earns no free weight any more';
  }
}

/** A later estimate is said to have moved from this much on (a minute's rounding is not). */
const MOVED_MS = 30_000;
/**
 * How long a later estimate must hold before it is said to have moved: the ledger and the twin
 * are followed apart, and between their updates of one block the page may see one without the
 * other (a topic paid, not yet seen on the twin).
 */
const SETTLE_MS = 2_000;

interface Move {
  from: number;
  to: number | null;
  reason: LaterReason;
}

/**
 * The estimate as last shown and, when it moved later, from when to when and why: it never
 * moves later without a word (docs/product-rules.md, "The wait for the first record").
 */
function useMoves(view: FirstRecordView | undefined): Move | undefined {
  const [state, setState] = useState<{
    /** The estimate the page settled on. */
    settled?: EstimateSnapshot;
    /** A later one, not settled yet. */
    pending?: { snapshot: EstimateSnapshot; move: Move };
    moved?: Move;
  }>({});
  const reachedAt = view?.estimate.reachedAt;
  const lastUpdate = view?.lastUpdate;
  const twins = view?.facts.twins.join(',');
  const topic = view?.facts.configTopic;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view changes with these values
  useEffect(() => {
    if (!view || reachedAt === undefined) return;
    const next: EstimateSnapshot = { reachedAt, facts: view.facts, lastUpdate: view.lastUpdate };
    setState((s) => {
      if (!s.settled) return { settled: next };
      const reason = laterReason(s.settled, next);
      const later =
        reason &&
        (reason.kind === 'no-rate' ||
          (next.reachedAt ?? 0) - (s.settled.reachedAt ?? 0) >= MOVED_MS);
      if (!later) return { settled: next, moved: s.moved };
      return {
        ...s,
        pending: {
          snapshot: next,
          move: { from: s.settled.reachedAt!, to: next.reachedAt, reason },
        },
      };
    });
  }, [reachedAt, lastUpdate, twins, topic]);
  // A later estimate that holds becomes the one shown, with its reason.
  useEffect(() => {
    if (!state.pending) return;
    const timer = setTimeout(
      () =>
        setState((s) => (s.pending ? { settled: s.pending.snapshot, moved: s.pending.move } : s)),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [state.pending]);
  return state.moved;
}

/**
 * The subscription's free weight against what the home's calls before its first record take
 * (a twin when the controller has none, its configuration's topic, the record), earned of
 * needed, and the time it is reached; all from the chain, so it does not move later unless the
 * chain says why.
 */
function FreeWeightCheck({ guide, controller }: { guide: Guide; controller: string }) {
  const view = useFirstRecord(guide, controller);
  const moved = useMoves(view);
  if (!view) return null;
  const { estimate, facts, now } = view;
  const twin = homeTwinOf(facts);
  const twinWords =
    twin === null
      ? 'The controller owns no twin yet: Home Assistant creates one.'
      : `Home Assistant publishes on twin #${twin}, the last one the controller owns.`;
  const movedLine = moved && (
    <span className="block" data-testid="estimate-moved">
      The estimate moved from {formatTime(moved.from)}
      {moved.to === null ? '' : ` to ${formatTime(moved.to)}`}: {reasonWords(moved.reason)}.
    </span>
  );
  const calls = listWords(estimate.calls.map((c) => CALL_WORDS[c]));
  if (estimate.reachedAt !== null && estimate.reachedAt <= now) {
    return (
      <Check ok={true} testId="free-weight">
        The subscription has the free weight the home’s first record takes (
        {millions(estimate.needed)} for {calls}). {twinWords}
        {movedLine}
      </Check>
    );
  }
  if (estimate.reachedAt === null) {
    return (
      <Check ok={false} testId="free-weight">
        The subscription earns no free weight: renew it.
        {movedLine}
      </Check>
    );
  }
  const devnet = guide.network === 'local';
  // A wait the protocol sets, not a fault: neither ✓ nor ✗.
  return (
    <Check ok={null} testId="free-weight">
      <span data-testid="free-weight-wait">
        A new subscription earns free weight at 0.01 calls per second. The home’s first record needs{' '}
        {millions(estimate.needed)} for {calls}; the subscription has {millions(estimate.earned)}{' '}
        <progress
          value={Number(estimate.earned)}
          max={Number(estimate.needed)}
          aria-label="Free weight earned"
        />{' '}
        and reaches it at about{' '}
        <span data-testid="free-weight-time" data-reached-at={estimate.reachedAt}>
          {formatTime(estimate.reachedAt)}
        </span>
        , in {Math.max(1, Math.ceil((estimate.reachedAt - now) / 60_000))} min. {twinWords}{' '}
        {devnet
          ? 'The devnet’s Home Assistant tries again 30 s after a refusal.'
          : 'Home Assistant tries again at its sending interval (10 minutes unless you changed it), so the record can come that much later.'}
      </span>
      {movedLine}
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
        <Check ok={null} testId="ha-import">
          Home Assistant’s import cannot be seen from here: the app learns that Home Assistant took
          the file only from the home’s first record. On success, Home Assistant’s setup page says
          “Success! Created configuration for Robonomics.”; when it refuses the file it says why in
          red (“Can't decrypt setting with given password”, “Controller address is not in
          subscription devices”, …), and nothing is set up.
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
