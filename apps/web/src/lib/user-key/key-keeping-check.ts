import { type KeyKeeping, keyKeeping, refuseKeyKeeping } from '../storage/key-keeping.ts';
import { knownServesIpfs, probeServesIpfs, rememberServesIpfs } from '../storage/shared-origin.ts';

/**
 * What this page may do with keys (docs/security.md, "Where keys are kept"), as this visit found
 * it: still checking, allowed, refused (by the address, or because it serves IPFS content too), or
 * unanswered (the check got no answer: offline, too slow). Only 'allowed' keeps a key; every other
 * state keeps it in the tab's memory only.
 */
export type KeepingAnswer =
  | { state: 'checking' }
  | { state: 'allowed' }
  | { state: 'refused'; reason: string }
  | { state: 'unanswered'; reason: string };

/** Said where the check got no answer; the page offers to ask again. */
export const UNANSWERED_REASON =
  'The app could not find out whether this address also serves files from IPFS (its check got no answer: the network is offline or too slow), and a page there could read what the app keeps in this browser. Until it knows, keys are kept in this tab only.';

/** Said where the page cannot ask at all (no browser address to ask). */
const CANNOT_KEEP_REASON = 'This page cannot keep keys in the browser.';

export interface KeyKeepingCheck {
  /** The answer as it stands now. */
  current(): KeepingAnswer;
  /** Starts the check unless it is under way or decided; the app calls it at its start. */
  start(): void;
  /** This visit's answer: settles once the origin answered, or did not in time. */
  answered(): Promise<KeepingAnswer>;
  /** Asks again after no answer; otherwise the same as answered(). */
  retry(): Promise<KeepingAnswer>;
  /** Calls `listener` on every change of the answer; returns how to stop. */
  watch(listener: () => void): () => void;
}

/**
 * The check, for a page whose address rule is `rule` (key-keeping.ts) and whose origin answers
 * `probe` (shared-origin.ts: true serves IPFS, false not, null no answer). `remember` keeps a
 * found answer for the next visit; `refuse` is told when the origin turned out to serve IPFS.
 */
export function createKeyKeepingCheck({
  rule,
  probe,
  remember,
  refuse,
}: {
  rule: () => KeyKeeping;
  probe: (() => Promise<boolean | null>) | null;
  remember: (serves: boolean) => void;
  refuse: () => void;
}): KeyKeepingCheck {
  const listeners = new Set<() => void>();
  const initial = rule();
  let answer: KeepingAnswer = !initial.allowed
    ? { state: 'refused', reason: initial.reason ?? CANNOT_KEEP_REASON }
    : probe
      ? { state: 'checking' }
      : { state: 'unanswered', reason: UNANSWERED_REASON };
  let asking: Promise<KeepingAnswer> | null = null;

  const set = (next: KeepingAnswer) => {
    answer = next;
    for (const listener of listeners) listener();
  };
  const ask = (): Promise<KeepingAnswer> => {
    if (!probe) return Promise.resolve(answer);
    if (answer.state !== 'checking') set({ state: 'checking' });
    const asked = probe()
      .catch(() => null)
      .then((serves) => {
        if (serves === null) {
          set({ state: 'unanswered', reason: UNANSWERED_REASON });
        } else {
          remember(serves);
          if (serves) {
            refuse();
            set({ state: 'refused', reason: rule().reason ?? CANNOT_KEEP_REASON });
          } else set({ state: 'allowed' });
        }
        return answer;
      });
    asking = asked;
    void asked.finally(() => {
      if (asking === asked) asking = null;
    });
    return asked;
  };

  return {
    current: () => answer,
    start() {
      if (answer.state === 'checking' && !asking) void ask();
    },
    answered() {
      if (asking) return asking;
      if (answer.state === 'checking') return ask();
      return Promise.resolve(answer);
    },
    retry() {
      if (asking) return asking;
      if (answer.state === 'unanswered' || answer.state === 'checking') return ask();
      return Promise.resolve(answer);
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const canAsk =
  typeof location !== 'undefined' &&
  /^https?:$/.test(location.protocol) &&
  typeof fetch === 'function';

/** This page's check. */
export const keyKeepingCheck = createKeyKeepingCheck({
  rule: () => keyKeeping,
  probe: canAsk ? () => probeServesIpfs(location.origin) : null,
  remember: rememberServesIpfs,
  refuse: refuseKeyKeeping,
});

/** Called when keeping turns out to be refused on this origin after the page started. */
export function whenKeyKeepingRefused(listener: () => void): void {
  keyKeepingCheck.watch(() => {
    if (keyKeepingCheck.current().state === 'refused') listener();
  });
}

/**
 * Whether a key kept here before may be opened: where an earlier visit found that this address
 * serves nothing but the app, at once (this visit asks again behind the page, and what it finds
 * refused goes, unopened: whenKeyKeepingRefused); otherwise once this visit's answer allows it.
 * Nothing is opened on no answer (it is not deleted either).
 */
export async function keyKeepingChecked(): Promise<boolean> {
  if (!keyKeeping.allowed) return false;
  if (knownServesIpfs() === false) {
    keyKeepingCheck.start();
    return true;
  }
  return (await keyKeepingCheck.answered()).state === 'allowed';
}

/**
 * Why a key is not kept, for an answer of this visit (`keyKeepingCheck.answered()`, never an
 * earlier visit's); null only where it may be kept. Anything but "allowed" refuses keeping.
 */
export function keepingRefusal(answer: KeepingAnswer): string | null {
  if (answer.state === 'allowed') return null;
  return answer.state === 'checking' ? UNANSWERED_REASON : answer.reason;
}
