import { describe, expect, it } from 'vitest';
import type { KeyKeeping } from '../storage/key-keeping.ts';
import {
  createKeyKeepingCheck,
  type KeepingAnswer,
  keepingRefusal,
  UNANSWERED_REASON,
} from './key-keeping-check.ts';

/** A probe the test answers by hand: each call waits for `answer`. */
function manualProbe() {
  const calls: Array<(serves: boolean | null) => void> = [];
  return {
    probe: () => new Promise<boolean | null>((resolve) => calls.push(resolve)),
    calls,
    answer(serves: boolean | null) {
      calls.shift()?.(serves);
    },
  };
}

function checkWith(probe: (() => Promise<boolean | null>) | null, allowed = true) {
  const rule: KeyKeeping = { allowed, reason: allowed ? null : 'Not the app’s own address.' };
  const remembered: boolean[] = [];
  const check = createKeyKeepingCheck({
    rule: () => rule,
    probe,
    remember: (serves) => remembered.push(serves),
    refuse: () => {
      rule.allowed = false;
      rule.reason = 'Serves IPFS.';
    },
  });
  return { check, remembered, rule };
}

describe('whether this visit may keep keys', () => {
  it('waits while the origin is asked, and allows once it serves nothing but the app', async () => {
    const manual = manualProbe();
    const { check, remembered } = checkWith(manual.probe);
    expect(check.current()).toEqual({ state: 'checking' });
    expect(keepingRefusal(check.current())).not.toBeNull();
    check.start();
    check.start();
    expect(manual.calls).toHaveLength(1);
    const answered = check.answered();
    manual.answer(false);
    expect(await answered).toEqual({ state: 'allowed' });
    expect(keepingRefusal(check.current())).toBeNull();
    expect(remembered).toEqual([false]);
  });

  it('refuses for good where the origin serves IPFS, and tells the watchers', async () => {
    const manual = manualProbe();
    const { check, rule } = checkWith(manual.probe);
    const seen: KeepingAnswer[] = [];
    check.watch(() => seen.push(check.current()));
    const answered = check.answered();
    manual.answer(true);
    expect(await answered).toEqual({ state: 'refused', reason: 'Serves IPFS.' });
    expect(rule.allowed).toBe(false);
    expect(seen.at(-1)?.state).toBe('refused');
    // Asking again changes nothing: the answer was given.
    expect(await check.retry()).toEqual({ state: 'refused', reason: 'Serves IPFS.' });
    expect(manual.calls).toHaveLength(0);
  });

  it('counts no answer (a timeout, offline) as refused for now, and asks again on retry', async () => {
    const manual = manualProbe();
    const { check, remembered } = checkWith(manual.probe);
    const answered = check.answered();
    manual.answer(null);
    const unanswered = await answered;
    expect(unanswered).toEqual({ state: 'unanswered', reason: UNANSWERED_REASON });
    expect(keepingRefusal(unanswered)).toBe(UNANSWERED_REASON);
    // Nothing is remembered from no answer.
    expect(remembered).toEqual([]);
    const again = check.retry();
    expect(check.current()).toEqual({ state: 'checking' });
    manual.answer(false);
    expect(await again).toEqual({ state: 'allowed' });
  });

  it('counts a failing probe as no answer', async () => {
    const { check } = checkWith(() => Promise.reject(new Error('network')));
    expect((await check.answered()).state).toBe('unanswered');
  });

  it('never asks where the address alone refuses keeping', async () => {
    const manual = manualProbe();
    const { check } = checkWith(manual.probe, false);
    check.start();
    expect(await check.answered()).toEqual({
      state: 'refused',
      reason: 'Not the app’s own address.',
    });
    expect(manual.calls).toHaveLength(0);
  });

  it('keeps nothing where the page cannot ask its origin', async () => {
    const { check } = checkWith(null);
    expect((await check.answered()).state).toBe('unanswered');
  });
});
